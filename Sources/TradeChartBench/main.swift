// `make bench`: runs every benchmark section and prints one table.
print("tradechart benchmarks")
RasterBenchmark.run()
ViewerBenchmark.run()
