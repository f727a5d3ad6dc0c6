// `make bench`: runs every benchmark section and prints one table per section.
import Glibc
if LoadBenchmark.runChildModeIfAsked(CommandLine.arguments) { exit(0) }
print("tradechart benchmarks (medians; the machine is shared, so read ratios rather than single figures)")
let table = BenchTable()
// First, while this process is still small: a child's peak RSS starts at its parent's
// (Linux keeps ru_maxrss across exec), so later sections would inflate it.
ProcessBenchmark.run(table: table)
LoadBenchmark.run(table: table)
RasterBenchmark.run(table: table)
ViewerBenchmark.run(table: table)
table.print()
