// `make bench`: runs every benchmark section and prints one table per section.
#if canImport(Glibc)
import Glibc
#endif
if LoadBenchmark.runChildModeIfAsked(CommandLine.arguments) { exit(0) }
print("tradechart benchmarks (medians; the machine is shared, so read ratios rather than single figures)")
let table = BenchTable()
LoadBenchmark.run(table: table)
ProcessBenchmark.run(table: table)
RasterBenchmark.run(table: table)
ViewerBenchmark.run(table: table)
table.print()
