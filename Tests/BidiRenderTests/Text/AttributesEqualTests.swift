// Attributes.equal, the comparison made in place that the fallback chain's memo and the line strut
// use: it must agree with `==` (synthesized over every stored field) on every pair, so a field added
// to Attributes and left out of `equal` fails here.
import Testing
@testable import BidiRender

@Suite struct AttributesEqualTests {
    /// Attributes that differ from the first in one field each, and one equal to it from a tag
    /// spelled differently ("AR_eg" normalizes to "ar-EG").
    static let variants: [Attributes] = [
        Attributes(weight: .regular, style: .normal, locale: "ar-EG"),
        Attributes(weight: .regular, style: .normal, locale: "AR_eg"),
        Attributes(weight: .bold, style: .normal, locale: "ar-EG"),
        Attributes(weight: .regular, style: .italic, locale: "ar-EG"),
        Attributes(weight: .regular, style: .normal, locale: "ar"),
        Attributes(weight: .regular, style: .normal, locale: "ar-EG", size: 20),
        Attributes(weight: .regular, style: .normal, locale: "ar-EG", size: 20.5),
        Attributes(weight: .regular, style: .normal, locale: "ar-EG", features: ["liga=0"]),
        Attributes(weight: .regular, style: .normal, locale: "ar-EG", features: ["liga=0", "kern=0"]),
    ]

    @Test func agreesWithEquality() {
        var agreed = 0
        for var a in Self.variants {
            for var b in Self.variants {
                #expect(Attributes.equal(&a, &b) == (a == b), "\(a) against \(b)")
                agreed += 1
            }
        }
        #expect(agreed == 81)
        // The two spellings of one tag are equal, and the rest are not: the cases are not all one way.
        #expect(Self.variants[0] == Self.variants[1])
        #expect(Self.variants.dropFirst(2).allSatisfy { $0 != Self.variants[0] })
    }
}
