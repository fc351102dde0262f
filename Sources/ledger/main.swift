import Animals
import Favorites
import LedgerCLI
import Music

LedgerCLI.run(domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
