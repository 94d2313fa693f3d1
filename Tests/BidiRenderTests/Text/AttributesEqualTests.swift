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

/// A scratch gives a text without spans the attribute table of its last call while the options'
/// attributes are the same (`LayoutScratch.plainAttributes`): calls that change the weight, the
/// style or the locale in turn get their own, and equal the maps made anew.
@Suite struct PlainAttributesTests {
    @Test func eachCallGetsItsOptionsAttributes() {
        var scratch = LayoutScratch(cacheLimits: nil)
        let options: [LayoutOptions] = [
            LayoutOptions(locale: "ar"), LayoutOptions(locale: "ar"), LayoutOptions(locale: "zh-Hans"),
            LayoutOptions(locale: "ar", weight: .bold), LayoutOptions(locale: "ar", weight: .bold, style: .italic),
            LayoutOptions(locale: "AR"), LayoutOptions(locale: "ar"),
        ]
        for o in options {
            let map = scratch.plainAttributes(o)
            let fresh = AttributeMap(spans: [], options: o, count: 3)
            #expect(map.table == fresh.table, "\(o.locale) \(o.weight) \(o.style)")
            #expect(map.index == nil && map.inlines.isEmpty && map.styles.isEmpty)
            #expect(map.table[0].locale == o.locale && map.table[0].weight == o.weight && map.table[0].style == o.style)
        }
    }
}
