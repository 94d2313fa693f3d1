// BatchOptions: --format, --jsonl and --jobs, shared by the commands that dump a document per text
// and read JSON Lines (layout, bubble, segment).
import ArgumentParser
import Foundation

struct BatchOptions: ParsableArguments {
    @Option(help: "text or json (--jsonl always writes json).")
    var format: ReorderFormat?

    @Flag(help: "Read JSON Lines input.")
    var jsonl = false

    @Option(parsing: .unconditional, help: "With --jsonl: lines processed at once, at most 256 (a larger number runs 256; default: the number of cores). Output keeps input order.")
    var jobs: Int?

    func validate() throws {
        if jsonl, format == .text { throw ValidationError("--jsonl writes JSON: drop --format text") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if jobs != nil, !jsonl { throw ValidationError("--jobs is the number of --jsonl lines processed at once: give --jsonl, or drop --jobs") }
    }

    /// The lines laid out at once: --jobs, else the number of cores.
    var parallelJobs: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}
