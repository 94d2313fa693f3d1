// Tests of `bidirender reorder`: option parsing in-process and the outputs of real runs.
import Testing
@testable import bidirender

@Suite struct ReorderCommandParsingTests {
    @Test func forcedDirection() throws {
        let command = try ReorderCommand.parse(["abc", "--direction", "rtl"])
        #expect(command.directionOptions.paragraphDirection == .rightToLeft)
    }
}
