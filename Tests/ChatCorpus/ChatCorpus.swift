// ChatCorpus: a deterministic generator of chat messages that mix Arabic, Chinese and Latin with
// @-mentions, digits, brackets and emoji. The tests and the benchmarks share it, so both see the
// same text.

/// A deterministic corpus of chat messages.
public enum ChatCorpus {
    /// Which script dominates a message.
    public enum Dominant: Sendable, CaseIterable {
        case arabic, chinese, latin
    }

    /// `count` messages of 10–200 code points: about half Arabic-dominant, a third
    /// Chinese-dominant and the rest Latin-dominant, with mentions, digits, brackets and emoji.
    /// The same `seed` always gives the same messages.
    public static func messages(count: Int = 10_000, seed: UInt64 = 0x5EED_B1D1) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in message(&rng) }
    }

    /// `count` long lines of about `length` code points each, built from the same tokens.
    public static func longLines(count: Int = 100, length: Int = 5_000, seed: UInt64 = 0x10_96) -> [String] {
        joinedLines(count: count, length: length, seed: seed, message: message)
    }

    /// `count` lines of messages from `message` joined by spaces, each at least `length` code
    /// points.
    static func joinedLines(count: Int, length: Int, seed: UInt64, message: (inout SplitMix64) -> String) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var line = ""
            var n = 0
            while n < length {
                let m = message(&rng)
                line += m + " "
                n += m.unicodeScalars.count + 1
            }
            return line
        }
    }

    static func message(_ rng: inout SplitMix64) -> String {
        let roll = rng.next(100)
        let dominant: Dominant = roll < 47 ? .arabic : roll < 80 ? .chinese : .latin
        let target = 10 + rng.next(191)
        var text = ""
        var count = 0
        var first = true
        while count < target {
            var token = nextToken(dominant, &rng)
            if rng.next(100) < 5 { token = bracket(token, &rng) }
            let separator = first || (dominant == .chinese && rng.next(3) > 0) ? "" : " "
            let piece = separator + token
            let pieceCount = piece.unicodeScalars.count
            if count + pieceCount > 200 { break }
            text += piece
            count += pieceCount
            first = false
        }
        if count < 10 { text += String(repeating: ".", count: 10 - count) }
        return text
    }

    static func nextToken(_ dominant: Dominant, _ rng: inout SplitMix64) -> String {
        let roll = rng.next(100)
        switch roll {
        case 0..<10: return pick(mentions, &rng)
        case 10..<19: return pick(numbers, &rng)
        case 19..<26: return pick(emoji, &rng)
        case 26..<32: return pick(punctuation, &rng)
        case 32..<46:
            // A word of another script.
            let other: [Dominant] = Dominant.allCases.filter { $0 != dominant }
            return word(other[rng.next(other.count)], &rng)
        default: return word(dominant, &rng)
        }
    }

    static func word(_ script: Dominant, _ rng: inout SplitMix64) -> String {
        switch script {
        case .arabic: return pick(arabicWords, &rng)
        case .chinese: return pick(chineseWords, &rng)
        case .latin: return pick(latinWords, &rng)
        }
    }

    static func bracket(_ token: String, _ rng: inout SplitMix64) -> String {
        let pairs = [("(", ")"), ("[", "]"), ("（", "）"), ("«", "»"), ("{", "}"), ("【", "】")]
        let (open, close) = pairs[rng.next(pairs.count)]
        return open + token + close
    }

    static func pick(_ list: [String], _ rng: inout SplitMix64) -> String {
        list[rng.next(list.count)]
    }

    static let arabicWords = [
        "مرحبا", "كيف", "حالك", "شكرا", "اليوم", "بدأ", "في", "متابعتك", "صديقي", "جميل", "نعم", "لا",
        "أهلا", "وسهلا", "السلام", "عليكم", "مَرْحَبًا", "الطقس", "رائع", "غدا", "سأكون", "هناك",
        "الاجتماع", "الساعة", "إن", "شاء", "الله", "حبيبي", "تمام", "ممتاز", "فيديو", "جديد",
    ]
    static let chineseWords = [
        "今天", "天气", "好吗", "我们", "小明", "你好", "谢谢", "朋友", "开始", "关注", "了", "你", "的",
        "是", "很", "好", "明天", "见面", "会议", "时间", "直播", "视频", "哈哈", "加油", "晚安",
    ]
    static let latinWords = [
        "hello", "ok", "see", "you", "at", "the", "meeting", "thanks", "lol", "great", "iPhone",
        "Wi-Fi", "video", "live", "now", "tomorrow", "cool", "yes", "no", "Dubai", "Cairo", "Beijing",
    ]
    static let mentions = [
        "@小明", "@Ali", "@علي", "@12345", "＠王芳", "@sara_99", "@محمد", "@李雷", "@Fatima", "@大卫",
    ]
    static let numbers = [
        "2024", "15:30", "+966 55 123 4567", "3.14", "٣٤٥", "50%", "$20", "1,000", "#7", "٢٠٢٤", "10-12",
    ]
    static let emoji = ["🥺", "😂", "👍🏽", "❤️", "🫠", "👨‍👩‍👧", "🎉", "🥰", "🙏", "🇸🇦"]
    static let punctuation = ["،", "؟", "!", "。", "，", ".", "?", "…", "!!", "：", "-"]
}

/// SplitMix64: a small, fast, deterministic pseudo-random generator (Steele, Lea, Flood 2014). The
/// corpus and the tests' random strings use it, so every run sees the same text.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
