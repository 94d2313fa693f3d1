// IdentifierCheck: the guard's checks of one identifier — a name, a mention, a URL's host, an e-mail
// domain, a file name. Bidi spoofing (its display order differs from its order: an override inside
// it, or a file name whose shown extension is not its own), mixed scripts and confusables by UTS #39
// through ICU's spoof checker. ASCII identifiers never reach ICU.

enum IdentifierCheck {
    /// The findings of the identifier `scalars[range]`, offsets into `scalars`; `other` is a name to
    /// compare it with (`inspect --confusable-with`).
    static func findings(
        _ scalars: [Unicode.Scalar], _ range: Range<Int>, role: TextRole, confusableWith other: String?
    ) -> [TextFinding] {
        guard !range.isEmpty else { return [] }
        let slice = scalars[range]
        var found = invisibles(scalars, range)
        // A host written in Punycode is checked as a browser shows it: "xn--pypal-4ve.com" is
        // "pаypal.com" (its "а" Cyrillic), each finding on the whole identifier, naming both forms.
        if role == .url, let (host, shown) = punycodeHost(slice) {
            let decoded = Array(shown.unicodeScalars)
            for finding in findings(decoded, 0..<decoded.count, role: .url, confusableWith: other) where finding.kind != .invisible {
                found.append(TextFinding(finding.kind, range, "\"\(host)\" shows as \"\(shown)\", which \(finding.detail)"))
            }
        }
        // Most identifiers are ASCII or of scripts that pass for nothing, with no control inside:
        // nothing to build for them.
        let suspicious = slice.contains(where: passesForASCII)
        if !suspicious, other == nil, role != .fileName, !slice.contains(where: BidiControlScan.isExplicit) { return found }
        let visible = slice.filter { !UnicodeBidiData.isBidiControl($0) }
        let plain = String(scalars: visible)
        if let spoof = bidiSpoof(slice, role: role) { found.append(TextFinding(.bidiSpoof, range, spoof)) }
        if suspicious {
            let mixed = lookalikeScripts(visible)
            if mixed.count > 1, let level = ICUSpoof.restrictionLevel(plain), level > .moderatelyRestrictive {
                found.append(TextFinding(.mixedScript, range, "mixes \(mixed.joined(separator: " and ")) (\(level) under UTS #39)"))
            }
            if let looks = asciiLookalike(visible), looks != plain {
                found.append(TextFinding(.confusable, range, "looks like \"\(looks)\""))
            }
        }
        if let other {
            // Compared as shown: without the characters that show nothing ("pay\u{00AD}pal" is
            // "paypal"), and never equal to `other` when it holds any.
            let shown = String(scalars: visible.filter { !$0.properties.isDefaultIgnorableCodePoint })
            let how = ICUSpoof.confusability(shown, other)
            if !how.isEmpty, String(scalars: Array(slice)) != other {
                let kind = how.contains(.wholeScript) ? "whole-script" : how.contains(.mixedScript) ? "mixed-script" : "single-script"
                found.append(TextFinding(.confusable, range, "confusable with \"\(other)\" (\(kind))"))
            }
        }
        return found
    }

    /// The host of the URL or domain `slice` (after a scheme's "://", before a path, a query, a
    /// fragment or a port) and its Unicode form, when it has a Punycode ("xn--") label that decodes
    /// to something else; nil otherwise (an invalid label included).
    static func punycodeHost(_ slice: ArraySlice<Unicode.Scalar>) -> (host: String, shown: String)? {
        let text = String(scalars: Array(slice))
        guard text.range(of: "xn--", options: .caseInsensitive) != nil else { return nil }
        var host = Substring(text)
        if let scheme = host.range(of: "://") { host = host[scheme.upperBound...] }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let end = host.firstIndex(where: { "/?#:".contains($0) }) { host = host[..<end] }
        guard !host.isEmpty, let shown = ICUIDNA.toUnicode(String(host)), shown != host.lowercased() else { return nil }
        return (String(host), shown)
    }

    /// The default-ignorable characters inside the identifier `scalars[range]` that the text's own
    /// scan leaves, as they belong in prose (a soft hyphen, the combining grapheme joiner, the
    /// implicit directional marks, the deprecated format characters): in a name, a host or a file
    /// name they only make one string pass for another ("pay\u{00AD}pal").
    static func invisibles(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> [TextFinding] {
        var found: [TextFinding] = []
        for i in range {
            let v = scalars[i].value
            let name: String
            switch v {
            case 0x00AD: name = "soft hyphen"
            case 0x034F: name = "combining grapheme joiner"
            case 0x061C: name = "Arabic letter mark"
            case 0x200E: name = "left-to-right mark"
            case 0x200F: name = "right-to-left mark"
            case 0x206A...0x206F: name = "deprecated format character"
            default: continue
            }
            found.append(TextFinding(.invisible, i..<(i + 1), "\(name) U+\(InvisibleScan.hex(v)) inside an identifier shows nothing"))
        }
        return found
    }

    /// What the identifier shows when it displays in another order than it is, in words; nil when
    /// it does not. Explicit controls inside it reorder it; a file name whose right-to-left letters
    /// move its extension is caught by comparing the extension shown with its own.
    static func bidiSpoof(_ slice: ArraySlice<Unicode.Scalar>, role: TextRole) -> String? {
        let hasControls = slice.contains(where: BidiControlScan.isExplicit)
        guard hasControls || role == .fileName else { return nil }
        let logical = slice.filter { !UnicodeBidiData.isBidiControl($0) }
        let shown = visual(Array(slice))
        guard shown != logical else { return nil }
        let shownText = String(scalars: shown)
        if hasControls { return "displays as \"\(shownText)\"" }
        let ext = { (s: [Unicode.Scalar]) -> String? in
            s.lastIndex(of: ".").map { String(scalars: s[($0 + 1)...]) }
        }
        guard ext(logical) != ext(shown) else { return nil }
        return "displays as \"\(shownText)\", with the extension \"\(ext(shown) ?? "")\" instead of \"\(ext(logical) ?? "")\""
    }

    /// `scalars` in display order in a left-to-right line, bidi controls left out.
    static func visual(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let text = BidiText(scalars: scalars, direction: .leftToRight)
        var out: [Unicode.Scalar] = []
        for paragraph in text.paragraphs {
            guard let line = try? paragraph.line(paragraph.range) else { continue }
            for i in line.visualOrder where !UnicodeBidiData.isBidiControl(scalars[i]) { out.append(scalars[i]) }
        }
        return out
    }

    /// Whether `s` is of a block whose letters may pass for ASCII ones: Latin beyond ASCII, IPA,
    /// Greek, Cyrillic, Armenian, Hebrew, Cherokee, letterlike and enclosed forms, fullwidth forms,
    /// mathematical alphanumerics. Identifiers with none (Arabic, Han, Indic names) never reach ICU.
    static func passesForASCII(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x80...0x5FF, 0x13A0...0x13FF, 0x1D00...0x1FFF, 0x2070...0x24FF, 0x2C60...0x2C7F, 0xA640...0xA7FF,
            0xAB30...0xAB6F, 0xFB00...0xFB4F, 0xFF00...0xFFEF, 0x10400...0x1044F, 0x1D400...0x1D7FF:
            true
        default: false
        }
    }

    /// Which of Latin, Greek and Cyrillic `scalars` has letters of, in that order: the scripts whose
    /// letters pass for each other, and which UTS #39's moderately restrictive level keeps apart.
    /// Other mixtures (Arabic with Han: a mention running into the Chinese after it) are minimally
    /// restrictive too, but pose as nothing: not findings.
    static func lookalikeScripts(_ scalars: [Unicode.Scalar]) -> [String] {
        var latin = false, greek = false, cyrillic = false
        for s in scalars {
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: latin = true
            case 0x370...0x3FF, 0x1F00...0x1FFF: greek = true
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: cyrillic = true
            default: continue
            }
        }
        return [latin ? "Latin" : nil, greek ? "Greek" : nil, cyrillic ? "Cyrillic" : nil].compactMap { $0 }
    }

    /// The ASCII identifier `scalars` poses as, when every character of it looks like ASCII (each
    /// non-ASCII character's UTS #39 skeleton is ASCII) and one at least is a letter; nil when some
    /// character looks like none, or only digits do ("layla_١١": Arabic-Indic digits in a Latin name
    /// are how Arabic speakers write one).
    static func asciiLookalike(_ scalars: [Unicode.Scalar]) -> String? {
        guard let whole = ICUSpoof.skeleton(String(scalars: scalars)), whole.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        var out = ""
        var letter = false
        for s in scalars {
            if s.isASCII {
                out.unicodeScalars.append(s)
            } else {
                guard let look = ICUSpoof.skeleton(String(s)), look.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
                letter = letter || s.properties.isAlphabetic
                out += look
            }
        }
        return letter ? out : nil
    }
}
