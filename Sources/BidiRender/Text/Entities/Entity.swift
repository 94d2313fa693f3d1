// Entity: a span of text the layout isolates as one directional unit — a mention, URL, e-mail address,
// phone number or hashtag — and the set of kinds a layout is asked to isolate.

/// The kinds of entity the text stage finds (the grammars are in `EntityDetector` and its files), or
/// that the caller declares over a span (`TextSpan.entity`).
public enum EntityKind: String, Sendable, Hashable, CaseIterable {
    /// An @-mention (`MentionDetector`).
    case mention
    /// `http://`, `https://` or `www.` up to white space (`URLGrammar`).
    case url
    /// An e-mail address (`EmailGrammar`).
    case email
    /// An international phone number (`PhoneGrammar`).
    case phone
    /// A hashtag (`HashtagGrammar`).
    case hashtag
    /// A box laid out in place of a range (`TextSpan.inlineBox`): never isolated (it is one neutral
    /// unit, as U+FFFC), and its one rectangle is the box.
    case inlineBox = "inline"
    /// The ellipsis of a truncated layout (`LayoutOptions.ellipsis`, such as "… Read more"), a tap
    /// target: its range is empty at the cut, its one rectangle the ellipsis run's. Only a layout
    /// makes one.
    case ellipsis
    /// Text hidden until the reader taps it ("spoiler"), declared by a span: laid out as a block of
    /// its width, its glyphs left out of the layout (and so of every image and dump), its
    /// rectangles the tap target that reveals it (lay it out again without the span). Truncation
    /// may cut inside it (the block shows no text).
    case spoiler

    /// The kinds a span's `entity` names in a request (an inline box is given by its box; an
    /// ellipsis is the layout's).
    static let declarable: [EntityKind] = allCases.filter { $0 != .inlineBox && $0 != .ellipsis }

    /// Whether the kind is always isolated left to right (URLs, e-mail addresses and phone numbers);
    /// mentions and hashtags take the direction of their first strong character.
    var isAlwaysLeftToRight: Bool {
        switch self {
        case .url, .email, .phone: return true
        case .mention, .hashtag, .inlineBox, .ellipsis, .spoiler: return false
        }
    }

    /// The kind's bit in an `EntityKinds` set.
    var set: EntityKinds {
        switch self {
        case .mention: return .mentions
        case .url: return .urls
        case .email: return .emails
        case .phone: return .phones
        case .hashtag: return .hashtags
        case .inlineBox, .ellipsis, .spoiler: return []
        }
    }
}

/// A set of entity kinds: the kinds a layout isolates (`LayoutOptions.isolate`).
public struct EntityKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// @-mentions.
    public static let mentions = EntityKinds(rawValue: 1 << 0)
    /// URLs.
    public static let urls = EntityKinds(rawValue: 1 << 1)
    /// E-mail addresses.
    public static let emails = EntityKinds(rawValue: 1 << 2)
    /// Phone numbers.
    public static let phones = EntityKinds(rawValue: 1 << 3)
    /// Hashtags.
    public static let hashtags = EntityKinds(rawValue: 1 << 4)
    /// Every kind: layout's default.
    public static let all: EntityKinds = [.mentions, .urls, .emails, .phones, .hashtags]

    /// The names of the kinds, in the CLI's spelling: "mentions", "urls", "emails", "phones",
    /// "hashtags".
    static let names: [(name: String, kinds: EntityKinds)] = [
        ("mentions", .mentions), ("urls", .urls), ("emails", .emails), ("phones", .phones), ("hashtags", .hashtags),
    ]

    /// Parses a comma-separated list of kind names ("mentions,urls"), "none" or "all". Nil when a
    /// name is unknown or the list is empty.
    package init?(parsing list: String) {
        let trimmed = list.trimmingSpaces
        if trimmed == "none" {
            self = []
            return
        }
        if trimmed == "all" {
            self = .all
            return
        }
        var kinds: EntityKinds = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            guard let entry = Self.names.first(where: { $0.name == String(part).trimmingSpaces }) else { return nil }
            kinds.insert(entry.kinds)
        }
        self = kinds
    }

    /// The set as a list of names ("none" when empty), the form `init(parsing:)` reads.
    package var listDescription: String {
        let names = Self.names.filter { contains($0.kinds) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// An entity found in (or given with) the text: its kind, its range in the original text (scalar
/// offsets), the direction it is isolated with, the caller's id, and in a `Layout` where it is drawn.
public struct Entity: Sendable, Hashable {
    /// What it is: a mention, URL, e-mail address, phone number, hashtag, inline box or ellipsis.
    public internal(set) var kind: EntityKind
    /// Its scalar offsets in the original text.
    public internal(set) var range: Range<Int>
    /// The direction it is isolated with (its first strong character's, or the paragraph's).
    package internal(set) var direction: TextDirection
    /// The caller's id for an entity it gave as a span (`TextSpan.id`); nil for a detected one.
    public internal(set) var id: String?
    /// Where a layout draws it, its tap targets: the selection rectangles of its range
    /// (`Layout.selectionRects(for:)`), one per line and direction piece it covers. Empty outside a
    /// `Layout`, and for an entity that truncation cut off entirely (one cut in part has the
    /// rectangles of its kept part).
    public internal(set) var rects: [LayoutRect] = []

    /// An entity of `kind` over `range`, isolated with `direction`.
    init(kind: EntityKind, range: Range<Int>, direction: TextDirection, id: String? = nil) {
        self.kind = kind
        self.range = range
        self.direction = direction
        self.id = id
    }
}
