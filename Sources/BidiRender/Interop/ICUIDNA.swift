// ICUIDNA: a domain name's Unicode form through ICU's UTS #46 converter (CICUBridge), for the text
// guard's checks of URL hosts and e-mail domains written in Punycode.
internal import CICUBridge

enum ICUIDNA {
    /// `host` with each "xn--" label decoded ("xn--pypal-4ve.com" is "pаypal.com", its "а"
    /// Cyrillic); nil when ICU finds it no valid name (a bad Punycode label) or on an ICU error.
    static func toUnicode(_ host: String) -> String? {
        let bytes = Array(host.utf8)
        guard let length = Int32(exactly: bytes.count) else { return nil }
        var capacity = bytes.count * 4 + 16
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let needed = bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { name in
                    out.withUnsafeMutableBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) {
                            br_idna_to_unicode(name.baseAddress, length, $0.baseAddress, Int32(clamping: capacity))
                        }
                    }
                }
            }
            if needed < 0 { return nil }
            if Int(needed) <= capacity { return String(decoding: out[..<Int(needed)], as: UTF8.self) }
            capacity = Int(needed)
        }
    }
}
