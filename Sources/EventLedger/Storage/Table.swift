internal import CLMDB

/// A named LMDB database inside the environment.
struct Table: Sendable {
    let dbi: MDB_dbi
    let name: String
}
