// UnicodeVersions: which Unicode version each property the library uses comes from (the generated
// tables, DefaultIgnorable, ICU, HarfBuzz, FriBidi, the standard library), read at run time where
// the source can tell it and probed with a scalar of a known age where it cannot.
internal import CFriBidi
internal import CHarfBuzz
internal import CICUBridge

/// One source of Unicode properties and the version of its data.
package struct UnicodeSource: Sendable, Equatable {
    /// The properties the library takes from it.
    package var properties: String
    /// The source, with its own version where it has one.
    package var source: String
    /// The Unicode version of its data ("15.0.0", or "15.0" when probed).
    package var version: String
    /// How the version was found.
    package var how: String

    /// One line: `properties: source, Unicode version (how)`.
    package var line: String { "\(properties): \(source), Unicode \(version) (\(how))" }
}

/// The Unicode version of every property source, one entry each.
package enum UnicodeVersions {
    /// Scalars first assigned in a known Unicode version (DerivedAge.txt), oldest first: the newest
    /// one a source knows is the version of its data.
    package static let probes: [(version: String, scalar: UInt32)] = [
        ("13.0", 0x1FAD0), ("14.0", 0x1FAE0), ("15.0", 0x1FAE8), ("15.1", 0x2FFC), ("16.0", 0x1CC00),
    ]

    /// The newest probe `isAssigned` accepts, or "unknown".
    package static func probe(_ isAssigned: (UInt32) -> Bool) -> String {
        probes.last { isAssigned($0.scalar) }?.version ?? "unknown"
    }

    /// Every source, in the order the pipeline meets them.
    package static var all: [UnicodeSource] {
        [
            UnicodeSource(
                properties: "bidi class, paired brackets, mirroring", source: "generated tables (scripts/gen-unicode-tables.py)",
                version: UnicodeBidiTables.unicodeVersion, how: "DerivedBidiClass.txt header"),
            UnicodeSource(
                properties: "default ignorable", source: "DefaultIgnorable table",
                version: DefaultIgnorable.unicodeVersion, how: "DerivedCoreProperties.txt header"),
            UnicodeSource(
                properties: "none (the FriBidi engine is fed the generated tables' classes and brackets)", source: "FriBidi",
                version: FRIBIDI_UNICODE_VERSION, how: "FRIBIDI_UNICODE_VERSION, the header of the FriBidi linked"),
            UnicodeSource(
                properties: "line break, emoji, joining type, messages, grapheme rule GB11", source: "ICU \(String(cString: br_icu_version()))",
                version: icuUnicodeVersion, how: "u_getUnicodeVersion"),
            UnicodeSource(
                properties: "script, general category (shaping)",
                source: "HarfBuzz \(String(cString: hb_version_string())) built-in UCD (hb_unicode_funcs_get_default)",
                version: probe { hb_unicode_general_category(hb_unicode_funcs_get_default(), $0) != HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED },
                how: "probed"),
            UnicodeSource(
                properties: "grapheme clusters, scalar properties", source: "Swift standard library",
                version: probe { Unicode.Scalar($0)?.properties.age != nil }, how: "probed"),
        ]
    }

    /// The Unicode version of ICU's data (u_getUnicodeVersion through the bridge).
    private static var icuUnicodeVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { bytes in
            if let base = bytes.baseAddress { br_icu_unicode_version(base, bytes.count) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
