// The README's samples of bidi-safe strings: "Entities" (the string API).
import BidiRender

/// README, "Entities: mentions, URLs, e-mail addresses, phone numbers, hashtags", the string API.
func entitiesSample() throws {
    let text = "اتصل +966 55 123 4567 @علي"
    print(EntityIsolation.isolated(text, direction: .auto).entities)   // [phone 5..<21 ltr, mention 22..<26 rtl]
    let isolated = EntityIsolation.isolated(text, direction: .rightToLeft, kinds: .all)
    print(isolated.text.unicodeScalars.count)       // 34: "اتصل \u{200E}\u{2066}+966 55 123 4567\u{2069}\u{200E} \u{200F}\u{2067}@علي\u{2069}\u{200F}"
    print(try isolated.isolatedOffset(ofOriginal: 5))   // 7: "+" after LRM LRI
    print(try isolated.originalOffset(ofIsolated: 23))  // 21: an inserted control maps to the next original character (each throws outside the text)
    print(EntityIsolation.strip(isolated.text) == text)  // true
    print(EntityIsolation.isolated(text, direction: .auto, kinds: .phones).entities.map(\.range))  // [5..<21]
}
