// `make bench`: runs every benchmark section and prints one table.
#if canImport(Glibc)
import Glibc
#endif
if LoadBenchmark.runChildModeIfAsked(CommandLine.arguments) { exit(0) }
print("tradechart benchmarks")
let table = BenchTable()
LoadBenchmark.run(table: table)
table.print()
