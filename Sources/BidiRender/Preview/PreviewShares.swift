// PreviewShares: how a preview's width (or a notification's grapheme clusters) is shared out among
// its fields — each keeps its minimum, then the fields take what is left by priority, those of equal
// priority in proportion to what each still lacks.

enum PreviewShares {
    /// What each field gets of `budget`: `minimums[i]` (at most `needs[i]`), then the rest by
    /// priority, higher first; fields of one priority share what is left in proportion to what each
    /// lacks (each at most its need). With equal priorities a long sender and a long message both
    /// give way; with the message's priority higher the sender keeps only its minimum.
    static func allocate(needs: [Double], minimums: [Double], priorities: [Int], budget: Double) -> [Double] {
        var allowed = needs.indices.map { min(needs[$0], minimums[$0]) }
        var rest = budget - allowed.reduce(0, +)
        for priority in Set(priorities).sorted(by: >) where rest > 0 {
            let group = needs.indices.filter { priorities[$0] == priority }
            let lacking = group.reduce(0) { $0 + (needs[$1] - allowed[$1]) }
            guard lacking > 0 else { continue }
            let share = min(1, rest / lacking)
            for i in group {
                let more = (needs[i] - allowed[i]) * share
                allowed[i] += more
            }
            rest -= lacking * share
        }
        return allowed
    }
}
