// The real corpus's tokens other than words: mentions, numbers, emoji, URLs and e-mail addresses,
// and each script's punctuation and brackets.

extension ChatCorpus {
    /// The decimal digit systems numbers are written in.
    enum Digits: CaseIterable {
        case western, arabicIndic, extendedArabicIndic

        /// `text` with its ASCII digits in this system (other characters kept).
        func write(_ text: String) -> String {
            let zero: UInt32
            switch self {
            case .western: return text
            case .arabicIndic: zero = 0x0660
            case .extendedArabicIndic: zero = 0x06F0
            }
            var out = String.UnicodeScalarView()
            for s in text.unicodeScalars {
                if (0x30...0x39).contains(s.value) { out.append(Unicode.Scalar(zero + s.value - 0x30)!) } else { out.append(s) }
            }
            return String(out)
        }
    }

    /// A digit string of `count` digits (no leading zero).
    static func digitString(_ count: Int, _ rng: inout SplitMix64) -> String {
        String(1 + rng.next(9)) + (1..<max(count, 1)).map { _ in String(rng.next(10)) }.joined()
    }

    /// `n` in at least two digits ("05").
    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// A number: an integer, a phone number, a time, a percentage, an amount of money, a decimal
    /// with separators or a date, in Western digits (60 %), Arabic-Indic (30 %) or Extended
    /// Arabic-Indic (10 %).
    static func number(_ rng: inout SplitMix64) -> String {
        let roll = rng.next(10)
        let digits: Digits = roll < 6 ? .western : roll < 9 ? .arabicIndic : .extendedArabicIndic
        let arabicSeparators = digits != .western && rng.next(2) == 0
        let thousands = arabicSeparators ? "\u{066C}" : ","
        let decimal = arabicSeparators ? "\u{066B}" : "."
        let text: String
        switch rng.next(8) {
        case 0: text = digitString(1 + rng.next(4), &rng)
        case 1:
            let phones = [
                "+966 5\(rng.next(10)) \(digitString(3, &rng)) \(digitString(4, &rng))",
                "+86 13\(rng.next(10)) \(digitString(4, &rng)) \(digitString(4, &rng))",
                "+20 10 \(digitString(4, &rng)) \(digitString(4, &rng))",
                "+1 (\(digitString(3, &rng))) \(digitString(3, &rng))-\(digitString(4, &rng))",
                "05\(rng.next(10))-\(digitString(3, &rng))-\(digitString(4, &rng))",
            ]
            text = pick(phones, &rng)
        case 2:
            let minute = twoDigits(rng.next(60))
            text = ["\(rng.next(24)):\(minute)", "\(1 + rng.next(12)):\(minute) pm", "\(1 + rng.next(12)):\(minute)am"][rng.next(3)]
        case 3:
            let n = String(rng.next(101))
            text = [n + "%", n + "\u{066A}", "%" + n, n + " %"][rng.next(4)]
        case 4:
            let amount = rng.next(2) == 0 ? String(1 + rng.next(999)) : "\(1 + rng.next(99))\(thousands)\(digitString(3, &rng))"
            let cents = rng.next(3) == 0 ? "\(decimal)\(rng.next(10))\(rng.next(10))" : ""
            let forms = [
                "$" + amount + cents, "€" + amount + cents, "¥" + amount, "£" + amount + cents,
                amount + " ر.س", amount + cents + " ج.م", amount + " د.إ", "SAR " + amount, amount + " 元", "﷼" + amount,
            ]
            text = pick(forms, &rng)
        case 5:
            text = "\(1 + rng.next(999))\(thousands)\(digitString(3, &rng))\(decimal)\(digitString(2, &rng))"
        case 6:
            text = "\(1 + rng.next(99))\(decimal)\(digitString(1 + rng.next(3), &rng))"
        default:
            let day = 1 + rng.next(28), month = 1 + rng.next(12)
            text = ["2024-\(twoDigits(month))-\(twoDigits(day))", "\(day)/\(month)/2025", "1445/\(month)/\(day)", "\(month)月\(day)日"][rng.next(4)]
        }
        return digits.write(text)
    }

    static let mentionNames = [
        "محمد", "فاطمة", "علي", "نور", "عبدالله", "سارة", "小明", "王芳", "李雷", "张伟", "大卫",
        "ali", "Sara", "fatima", "Omar", "john", "Mei", "Layla", "yusuf", "Chen",
    ]

    /// A mention: `@` (or, one time in eight, the fullwidth `＠`) and a name or a word of any
    /// language, sometimes with `_`, another word, or digits (Western or Arabic-Indic).
    static func mention(_ rng: inout SplitMix64) -> String {
        var name = rng.next(2) == 0 ? pick(mentionNames, &rng) : word(of: Dominant.allCases[rng.next(3)], &rng)
        switch rng.next(6) {
        case 0: name += "_" + word(of: Dominant.allCases[rng.next(3)], &rng)
        case 1: name += digitString(1 + rng.next(4), &rng)
        case 2: name += "_" + Digits.allCases[rng.next(3)].write(digitString(2, &rng))
        default: break
        }
        return (rng.next(8) == 0 ? "＠" : "@") + name
    }

    static let singleEmoji = [
        "😂", "🥺", "😭", "🙏", "❤", "😍", "🔥", "🎉", "🥰", "😅", "🤣", "😊", "🫠", "💯", "👀", "🌹",
        "🤲", "🕋", "🧧", "🐉", "☕", "✨", "💔", "🤔",
    ]
    static let toneable = ["👍", "🙏", "👋", "👏", "🤲", "💪", "✌", "🙌", "👌"]
    static let zwjSequences = [
        "👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👩\u{200D}💻", "🧑\u{200D}🍳",
        "🏳\u{FE0F}\u{200D}🌈", "👩🏽\u{200D}🎓", "❤\u{FE0F}\u{200D}🔥", "🫱🏻\u{200D}🫲🏿",
    ]
    static let flags = ["SA", "EG", "AE", "MA", "CN", "TW", "HK", "US", "GB", "FR", "JO", "QA"]
    static let withVS16 = ["❤", "☺", "✌", "☀", "⭐", "✔", "☎", "✈"]

    /// Emoji: a single one (sometimes repeated up to three times), one with a skin tone, a ZWJ
    /// sequence, a flag, a keycap or a character made emoji by VS16.
    static func emoji(_ rng: inout SplitMix64) -> String {
        switch rng.next(10) {
        case 0..<4: return String(repeating: pick(singleEmoji, &rng), count: 1 + (rng.next(3) == 0 ? rng.next(3) : 0))
        case 4: return pick(toneable, &rng) + String(Unicode.Scalar(0x1F3FB + UInt32(rng.next(5)))!)
        case 5: return pick(zwjSequences, &rng)
        case 6:
            let code = pick(flags, &rng)
            return String(String.UnicodeScalarView(code.unicodeScalars.map { Unicode.Scalar(0x1F1E6 + $0.value - 0x41)! }))
        case 7: return ["\(rng.next(10))", "#", "*"][rng.next(3)] + "\u{FE0F}\u{20E3}"
        default: return pick(withVS16, &rng) + "\u{FE0F}"
        }
    }

    static let domains = ["example.com", "news.example.sa", "weibo.com", "t.co", "youtu.be", "x.com", "wikipedia.org", "bit.ly", "example.cn", "shop.example.ae"]

    /// A URL (https://, http:// or www., with a path, a query or a fragment, sometimes a word of
    /// another script in the path) or an e-mail address.
    static func link(_ rng: inout SplitMix64) -> String {
        let domain = pick(domains, &rng)
        switch rng.next(5) {
        case 0:
            return "\(pick(mentionNames, &rng).lowercased())\(rng.next(2) == 0 ? "." + word(of: .latin, &rng) : digitString(2, &rng))@\(domain)"
        case 1: return "www.\(domain)/\(word(of: .latin, &rng))"
        default:
            var url = (rng.next(4) == 0 ? "http://" : "https://") + domain + "/" + word(of: Dominant.allCases[rng.next(3)], &rng)
            switch rng.next(4) {
            case 0: url += "?id=" + digitString(4 + rng.next(6), &rng)
            case 1: url += "/" + digitString(6, &rng) + "#" + word(of: .latin, &rng)
            case 2: url += "?q=" + word(of: .latin, &rng) + "&lang=ar"
            default: break
            }
            return url
        }
    }

    /// The punctuation of the dominant script.
    static func realPunctuation(_ dominant: Dominant) -> [String] {
        switch dominant {
        case .arabic: return ["،", "؛", "؟", "!", ".", "...", "؟!", "!!", ":", "؟؟"]
        case .chinese: return ["，", "。", "！", "？", "、", "：", "；", "……", "～", "！！"]
        case .latin: return [",", ".", "!", "?", "...", ":", ";", " -", " —", "?!"]
        }
    }

    /// `token` in a pair of brackets or quotation marks of the dominant script.
    static func realBracket(_ token: String, _ dominant: Dominant, _ rng: inout SplitMix64) -> String {
        let pairs: [(String, String)]
        switch dominant {
        case .arabic: pairs = [("(", ")"), ("«", "»"), ("[", "]"), ("\"", "\""), ("﴿", "﴾")]  // U+FD3F opens (gc=Ps since Unicode 14)
        case .chinese: pairs = [("（", "）"), ("【", "】"), ("「", "」"), ("《", "》"), ("“", "”")]
        case .latin: pairs = [("(", ")"), ("[", "]"), ("\"", "\""), ("“", "”"), ("{", "}")]
        }
        let (open, close) = pairs[rng.next(pairs.count)]
        return open + token + close
    }
}
