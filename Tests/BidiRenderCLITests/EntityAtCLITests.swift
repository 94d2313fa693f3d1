// `bidirender query --entity-at X,Y`: the entity under a point, as the layout JSON's entity object
// (kind, range, id, rects), or null; a malformed point is a usage error naming the option and the
// value (exit status 64).
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct EntityAtCLITests {
    static let text = "اتصل على +966 55 123 4567 أو @علي"

    /// The layout JSON's entities of `text` laid out by `layout` with `extra`.
    static func layoutEntities(_ extra: [String]) throws -> [[String: Any]] {
        let out = try runLayout([text, "--format", "json", "--no-system-fonts"] + extra)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        return try #require(doc["entities"] as? [[String: Any]])
    }

    /// The queries' answers.
    static func answers(_ arguments: [String]) throws -> [[String: Any]] {
        let out = try run(QueryCommand.self, [text, "--no-system-fonts"] + arguments)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        return try #require(doc["queries"] as? [[String: Any]])
    }

    /// The centre of each entity's rectangle (read from `layout --format json`) answers that
    /// entity, the same object as in the layout JSON; a point off the text answers null. In the
    /// order given, among other queries.
    @Test func answersTheEntityUnderThePoint() throws {
        let entities = try Self.layoutEntities(["--direction", "rtl", "--width", "120"])
        #expect(entities.map { $0["kind"] as? String } == ["phone", "mention"])
        var queries: [String] = []
        var expected: [[String: Any]] = []
        for entity in entities {
            for rect in try #require(entity["rects"] as? [[String: Double]]) {
                let (x, y) = ((rect["x"] ?? 0) + (rect["width"] ?? 0) / 2, (rect["y"] ?? 0) + (rect["height"] ?? 0) / 2)
                queries += ["--entity-at", "\(x),\(y)"]
                expected.append(entity)
            }
        }
        let list = try Self.answers(["--direction", "rtl", "--width", "120"] + queries + ["--entity-at=-5,-5", "--caret", "0"])
        try #require(list.count == expected.count + 2)
        for (answer, entity) in zip(list, expected) {
            let got = try #require(answer["entity"] as? [String: Any])
            #expect(NSDictionary(dictionary: got).isEqual(to: entity), "\(got) vs \(entity)")
            #expect((answer["entityAt"] as? [Double])?.count == 2)
        }
        #expect(list[expected.count]["entity"] is NSNull && list[expected.count]["entityAt"] as? [Int] == [-5, -5])
        #expect(list[expected.count + 1]["caret"] as? Int == 0)
    }

    /// A caller's entity span answers with its id.
    @Test func callerIDInTheAnswer() throws {
        let extra = ["--direction", "ltr", "--span", "0:4:entity=url,id=l1"]
        let entity = try #require(try Self.layoutEntities(extra).first)
        let rect = try #require((entity["rects"] as? [[String: Double]])?.first)
        let point = "\((rect["x"] ?? 0) + 1),\((rect["y"] ?? 0) + 1)"
        let answer = try #require(try Self.answers(extra + ["--entity-at", point]).first?["entity"] as? [String: Any])
        #expect(answer["id"] as? String == "l1" && answer["kind"] as? String == "url" && answer["start"] as? Int == 0)
    }

    /// Malformed values: parsing fails, naming the option and the value.
    @Test(arguments: ["1,x", "nan,2", "12", "1,2,3", "inf,0", ",", ""])
    func malformedPointsAreUsageErrors(value: String) {
        #expect(throws: (any Error).self) { try QueryCommand.parse(["abc", "--entity-at", value]) }
        do {
            _ = try QueryCommand.parse(["abc", "--entity-at", value])
        } catch {
            #expect(QueryCommand.message(for: error) == "--entity-at \(value): expected X,Y (two finite numbers of px)")
        }
        #expect(throws: (any Error).self) { try QueryCommand.parse(["abc", "--entity-at"]) }
    }

    /// From the binary: exit status 64, the message on standard error, nothing on standard output.
    @Test func exitStatus() throws {
        let bad = try runBinary(["query", "abc", "--no-system-fonts", "--entity-at", "1,x"])
        #expect(bad.status == 64 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("--entity-at 1,x: expected X,Y (two finite numbers of px)"), "\(bad.stderr)")
        let good = try runBinary(["query", "@Ali", "--no-system-fonts", "--entity-at", "2,8"])
        #expect(good.status == 0 && good.stdout.hasPrefix(#"{"queries":[{"entityAt":[2,8],"entity":{"kind":"mention","start":0,"end":4,"direction":"ltr","rects":[{"x":0,"y":0,"#))
    }
}
