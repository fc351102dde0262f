#if canImport(Glibc)
import Glibc
#endif
import Animals
import Favorites
import LedgerCLI
import Music

exit(LedgerCLI.main(domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()]))
