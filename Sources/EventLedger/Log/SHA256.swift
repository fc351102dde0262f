internal import CCrypto

/// SHA-256 from the system's libcrypto, used for the hash chain.
enum SHA256 {
    /// Byte length of a digest.
    static let digestLength = 32

    /// The digest of `previous` followed by `body`, written to `output` (32 bytes).
    ///
    /// The low-level SHA256_* calls (deprecated in OpenSSL 3, hence the shim's
    /// OPENSSL_SUPPRESS_DEPRECATED) are used because the EVP interface loads OpenSSL's
    /// providers and configuration on first use, about a millisecond per `ledger` process.
    static func chain(previous: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        var context = SHA256_CTX()
        SHA256_Init(&context)
        SHA256_Update(&context, previous.baseAddress, previous.count)
        SHA256_Update(&context, body.baseAddress, body.count)
        SHA256_Final(output.bindMemory(to: UInt8.self).baseAddress, &context)
    }
}

/// Lowercase hexadecimal of bytes.
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
}
