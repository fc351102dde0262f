import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 that is not PostgreSQL: it accepts every connection, writes
/// `reply` to it once (nothing: it stays silent), reads nothing and never closes it until
/// the listener is released.
package final class LoopbackListener {
    /// The port it listens on, a free one chosen by the system.
    package let port: UInt16
    private let descriptor: Int32
    private let connections = Shared<[Int32]>([])

    /// Starts listening, and accepting on a thread of its own.
    package init(reply: [UInt8] = []) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SetupFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard listening else {
            close(descriptor)
            throw SetupFailure("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread { [descriptor, connections] in
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                if !reply.isEmpty { _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
                connections.update { $0.append(connection) }
            }
        }.start()
    }

    deinit {
        // Wakes the accepting thread, whose accept then fails.
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        connections.get().forEach { close($0) }
    }

    /// A PostgreSQL URL naming this listener.
    package var url: String { "postgresql://ledger@127.0.0.1:\(port)/ledger" }

    /// The address as the ledger's errors name it.
    package var address: String { "127.0.0.1:\(port)" }
}
