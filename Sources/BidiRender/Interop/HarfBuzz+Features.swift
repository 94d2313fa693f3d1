// HBFeatures: OpenType features in HarfBuzz's syntax ("tnum", "-liga", "ss01=1", "kern[3:5]=0"),
// parsed by `hb_feature_from_string` and handed to `hb_shape`.

internal import CHarfBuzz

/// A parsed list of features, as `hb_shape` takes them. The `hb_feature_t`s are plain values (nothing
/// to free); the list is immutable, so it may be shared between threads.
final class HBFeatures: @unchecked Sendable {
    /// The features as given.
    let text: [String]
    fileprivate let features: [hb_feature_t]

    /// Parses each of `text` with `hb_feature_from_string`; nil when one is not a feature.
    init?(_ text: [String]) {
        var features: [hb_feature_t] = []
        for item in text {
            guard let feature = Self.parse(item) else { return nil }
            features.append(feature)
        }
        self.text = text
        self.features = features
    }

    /// The first of `text` that HarfBuzz cannot parse, or nil.
    static func firstInvalid(_ text: [String]) -> String? {
        text.first { parse($0) == nil }
    }

    private static func parse(_ item: String) -> hb_feature_t? {
        var feature = hb_feature_t()
        var copy = item
        let ok = copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { hb_feature_from_string($0.baseAddress, Int32($0.count), &feature) }
        }
        return ok != 0 && !item.isEmpty ? feature : nil
    }

    /// Runs `body` with the features as `hb_shape` takes them (pointer and count).
    func withFeatures<R>(_ body: (UnsafePointer<hb_feature_t>?, UInt32) -> R) -> R {
        features.withUnsafeBufferPointer { body($0.baseAddress, UInt32($0.count)) }
    }
}
