internal import CCrypto

/// SHA-256 from the system's libcrypto, used for the hash chain.
enum SHA256 {
    /// Byte length of a digest.
    static let digestLength = 32

    /// The digest of `previous` followed by `body`, written to `output` (32 bytes).
    static func chain(previous: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        let context = EVP_MD_CTX_new()
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        EVP_DigestUpdate(context, previous.baseAddress, previous.count)
        EVP_DigestUpdate(context, body.baseAddress, body.count)
        EVP_DigestFinal_ex(context, output.bindMemory(to: UInt8.self).baseAddress, nil)
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
