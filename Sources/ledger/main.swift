import Animals
import Favorites
import LedgerCLI
import Music

#if canImport(Glibc)
import Glibc
#endif

exit(LedgerCLI.main(domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()]))
