internal import CLibPQ
import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// libpq's functions, loaded from `libpq.so.5` the first time a primary is used.
///
/// Loaded on demand rather than linked: libpq brings some twenty shared libraries (Kerberos,
/// LDAP, TLS) that every `ledger` process would otherwise load and relocate at start, primary
/// or not. The header (`CLibPQ`) gives the types; only `PostgresConnection` calls these.
struct LibPQ {
    let connectStart: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let connectPoll: @convention(c) (OpaquePointer?) -> PostgresPollingStatusType
    let finish: @convention(c) (OpaquePointer?) -> Void
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let setNoticeProcessor: @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let host: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let port: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let serverVersion: @convention(c) (OpaquePointer?) -> Int32
    let setNonblocking: @convention(c) (OpaquePointer?, Int32) -> Int32
    let sendQueryParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?,
            Int32
        ) -> Int32
    let flush: @convention(c) (OpaquePointer?) -> Int32
    let isBusy: @convention(c) (OpaquePointer?) -> Int32
    let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let nfields: @convention(c) (OpaquePointer?) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let clear: @convention(c) (OpaquePointer?) -> Void
    let conninfoParse:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
            -> UnsafeMutablePointer<PQconninfoOption>?
    let conninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let socket: @convention(c) (OpaquePointer?) -> Int32
    let consumeInput: @convention(c) (OpaquePointer?) -> Int32
    let notifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?

    /// The library, or why it cannot be used (`primary unreachable: …`).
    static let shared = Result { try LibPQ() }

    private init() throws(LedgerError) {
        guard let handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else {
            throw LedgerError.primaryUnreachable(
                "cannot load libpq.so.5, PostgreSQL's client library "
                    + "(Debian package libpq5)")
        }
        func load<T>(_ name: String, as type: T.Type = T.self) throws(LedgerError) -> T {
            guard let symbol = dlsym(handle, name) else {
                throw LedgerError.primaryUnreachable("libpq.so.5 has no \(name)")
            }
            return unsafeBitCast(symbol, to: type)
        }
        connectStart = try load("PQconnectStart")
        connectPoll = try load("PQconnectPoll")
        finish = try load("PQfinish")
        status = try load("PQstatus")
        errorMessage = try load("PQerrorMessage")
        setNoticeProcessor = try load("PQsetNoticeProcessor")
        host = try load("PQhost")
        port = try load("PQport")
        serverVersion = try load("PQserverVersion")
        setNonblocking = try load("PQsetnonblocking")
        sendQueryParams = try load("PQsendQueryParams")
        flush = try load("PQflush")
        isBusy = try load("PQisBusy")
        getResult = try load("PQgetResult")
        resultStatus = try load("PQresultStatus")
        resultErrorMessage = try load("PQresultErrorMessage")
        resultErrorField = try load("PQresultErrorField")
        ntuples = try load("PQntuples")
        nfields = try load("PQnfields")
        getvalue = try load("PQgetvalue")
        getisnull = try load("PQgetisnull")
        clear = try load("PQclear")
        conninfoParse = try load("PQconninfoParse")
        conninfoFree = try load("PQconninfoFree")
        freemem = try load("PQfreemem")
        socket = try load("PQsocket")
        consumeInput = try load("PQconsumeInput")
        notifies = try load("PQnotifies")
    }

    /// The loaded library; `.storage` when it is missing.
    static func load() throws(LedgerError) -> LibPQ {
        do {
            return try shared.get()
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError.primaryUnreachable("\(error)")
        }
    }
}
