// SpanTable: distinct values stay distinct and equal values share one id, both while the table is
// searched linearly (a few values) and once it is hashed (more than 16).
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SpanTableTests {
    @Test(arguments: [3, 40])
    func internsEachValueOnce(_ distinct: Int) {
        var table = SpanTable(base: 0, count: 2 * distinct + 10)
        // Code point i gets value i % distinct + 1 (two stretches of each value), then the last ten
        // code points get value 1 again.
        for i in 0..<(2 * distinct) { table.apply(i..<(i + 1)) { $0 = i % distinct + 1 } }
        table.apply((2 * distinct)..<(2 * distinct + 10)) { $0 = 1 }
        #expect(table.table.count == distinct + 1)  // the base and each value once
        #expect(Set(table.table).count == table.table.count)
        for i in 0..<(2 * distinct + 10) {
            let expected = i < 2 * distinct ? i % distinct + 1 : 1
            #expect(table.table[Int(table.index[i])] == expected, "code point \(i)")
        }
        #expect(table.index[0] == table.index[distinct] && table.index[0] == table.index[2 * distinct])
    }
}
