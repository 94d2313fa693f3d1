// The CSS Fonts 4 §5.2 weight rule, as a matrix, and weight names.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct FontWeightTests {
    static let fourWeights: [FontWeight] = [.light, .regular, .medium, .bold]
    static let twoWeights: [FontWeight] = [.regular, .bold]

    /// Every request from 100 to 900 on a package with {300, 400, 500, 700} and one with {400, 700},
    /// worked out by hand from the rule's text.
    @Test(arguments: [
        (100, 300, 400), (200, 300, 400), (300, 300, 400), (400, 400, 400), (500, 500, 400),
        (600, 700, 700), (700, 700, 700), (800, 700, 700), (900, 700, 700),
    ])
    func matrix(asked: Int, withFour: Int, withTwo: Int) {
        let weight = FontWeight(asked)!
        #expect(weight.nearest(in: Self.fourWeights)?.value == withFour)
        #expect(weight.nearest(in: Self.twoWeights)?.value == withTwo)
    }

    /// Between 400 and 500 the rule looks up to 500 first, then down, then above 500.
    @Test(arguments: [
        (450, [300, 500, 700], 500), (450, [300, 700], 300), (450, [600, 700], 600), (400, [500, 300], 500),
        (350, [400, 300, 200], 300), (350, [600, 400], 400), (550, [500, 400], 500), (550, [900, 600], 600),
    ])
    func betweenValues(asked: Int, available: [Int], expected: Int) {
        #expect(FontWeight(asked)!.nearest(in: available.map { FontWeight($0)! })?.value == expected)
    }

    @Test func emptyPackageHasNoWeight() {
        #expect(FontWeight.bold.nearest(in: [FontWeight]()) == nil)
    }

    @Test(arguments: [
        ("thin", 100), ("ExtraLight", 200), ("light", 300), ("regular", 400), ("normal", 400), ("medium", 500),
        ("semibold", 600), ("semi-bold", 600), ("bold", 700), ("extra bold", 800), ("black", 900), ("350", 350),
    ])
    func names(text: String, value: Int) {
        #expect(FontWeight(parsing: text)?.value == value)
    }

    @Test(arguments: ["0", "1001", "-5", "heavyish", ""])
    func invalidWeights(text: String) {
        #expect(FontWeight(parsing: text) == nil)
    }
}
