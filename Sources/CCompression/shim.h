// The decompression libraries the loader reads compressed price files with (zlib, ISA-L's
// igzip for gzip files and CRC-32, libzstd, liblzma, libbz2), and the zlib macros Swift
// cannot import as functions.
#ifndef TRADECHART_CCOMPRESSION_SHIM_H
#define TRADECHART_CCOMPRESSION_SHIM_H

#include <zlib.h>
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
#include <zstd.h>
#include <zstd_errors.h>
#include <lzma.h>
#include <bzlib.h>

/// inflateInit2 is a macro (it passes the version and the structure's size).
static inline int tc_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

/// deflateInit2 is a macro too: a zlib stream (window 32 KiB, memory level 8) with `strategy`.
static inline int tc_deflateInit2(z_streamp stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}

/// LZMA_CONCATENATED is a macro Swift does not import (UINT32_C).
static const uint32_t tc_LZMA_CONCATENATED = LZMA_CONCATENATED;

#endif
