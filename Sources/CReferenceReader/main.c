// The bench's reference reader: the least a program must do to chart a price file.
// One thread; mmap the file; find the Close column in the header; for every row,
// skip to that field and parse it by hand (no timestamps, no checks beyond digits);
// take the minimum and maximum of each of 400 dot columns; print the 200 x 50
// Braille envelope. `make bench` times it beside tradechart as the limit to compare with.
//
// `CReferenceReader --idle-look FILE`: the least a follower must do to look at a file four
// times a second: sleep a quarter of a second in `poll` on standard input, `stat` the path
// and `pread` the file's last 32 bytes; until killed. Section "follow" takes its CPU a
// wake-up as the floor under a look of tradechart's.
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { COLS = 200, ROWS = 50, DOTX = 2 * COLS, DOTY = 4 * ROWS };

static double parse(const char *p, const char *e) {
    int neg = 0;
    if (p < e && *p == '-') { neg = 1; p++; }
    double v = 0, scale = 1;
    int frac = 0;
    for (; p < e; p++) {
        if (*p >= '0' && *p <= '9') {
            v = v * 10 + (*p - '0');
            if (frac) scale *= 10;
        } else if (*p == '.') {
            frac = 1;
        } else {
            break;
        }
    }
    v /= scale;
    return neg ? -v : v;
}

static int idle_look(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) { perror(path); return 2; }
    char tail[32];
    struct pollfd input = { .fd = 0, .events = POLLIN };
    for (;;) {
        if (poll(&input, 1, 250) > 0) {
            // A key is taken and dropped; a terminal gone ends the loop.
            char key[64];
            if ((input.revents & (POLLHUP | POLLERR | POLLNVAL)) || read(0, key, sizeof key) <= 0) return 0;
        }
        struct stat st;
        if (stat(path, &st) != 0) { perror(path); return 2; }
        if (st.st_size >= 32 && pread(fd, tail, sizeof tail, st.st_size - 32) < 0) { perror(path); return 2; }
    }
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--idle-look") == 0) return idle_look(argv[2]);
    if (argc != 2) { fprintf(stderr, "usage: CReferenceReader FILE | --idle-look FILE\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) { perror(argv[1]); return 2; }
    size_t size = (size_t)st.st_size;
    const char *data = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) { perror("mmap"); return 2; }
    madvise((void *)data, size, MADV_SEQUENTIAL);
    const char *end = data + size;
    const char *nl = memchr(data, '\n', size);
    if (!nl) return 2;
    // The Close column of the header.
    int column = -1, index = 0;
    for (const char *p = data; p < nl; index++) {
        const char *q = p;
        while (q < nl && *q != ',') q++;
        if (q - p == 5 && memcmp(p, "Close", 5) == 0) column = index;
        p = q + 1;
    }
    if (column < 0) { fprintf(stderr, "no Close column\n"); return 2; }
    size_t capacity = size / 32 + 16, count = 0;
    double *prices = malloc(capacity * sizeof(double));
    size_t released = 0;
    for (const char *p = nl + 1; p < end;) {
        const char *line_end = memchr(p, '\n', (size_t)(end - p));
        if (!line_end) line_end = end;
        const char *f = p;
        for (int i = 0; i < column && f < line_end; i++) {
            const char *c = memchr(f, ',', (size_t)(line_end - f));
            f = c ? c + 1 : line_end;
        }
        if (f < line_end) {
            if (count == capacity) prices = realloc(prices, (capacity *= 2) * sizeof(double));
            prices[count++] = parse(f, line_end);
        }
        p = line_end + 1;
        // Hand the pages read back every 64 MiB, so resident memory is the prices, not the file.
        size_t done = (size_t)(p - data) & ~(size_t)((64 << 20) - 1);
        if (done > released) { madvise((void *)(data + released), done - released, MADV_DONTNEED); released = done; }
    }
    if (count == 0) return 2;
    double lo[DOTX], hi[DOTX], min = prices[0], max = prices[0];
    for (int x = 0; x < DOTX; x++) { lo[x] = 1e308; hi[x] = -1e308; }
    for (size_t i = 0; i < count; i++) {
        int x = (int)(i * DOTX / count);
        double v = prices[i];
        if (v < lo[x]) lo[x] = v;
        if (v > hi[x]) hi[x] = v;
        if (v < min) min = v;
        if (v > max) max = v;
    }
    static unsigned char cells[ROWS][COLS];
    static const unsigned char bits[2][4] = {{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}};
    double span = max > min ? max - min : 1;
    for (int x = 0; x < DOTX; x++) {
        if (lo[x] > hi[x]) continue;
        int top = (int)((max - hi[x]) / span * (DOTY - 1)), bottom = (int)((max - lo[x]) / span * (DOTY - 1));
        for (int y = top; y <= bottom; y++) cells[y / 4][x / 2] |= bits[x % 2][y % 4];
    }
    static char out[ROWS * (COLS * 3 + 1)];
    char *o = out;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            unsigned cp = 0x2800 + cells[r][c];
            *o++ = (char)(0xE0 | (cp >> 12));
            *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
            *o++ = (char)(0x80 | (cp & 0x3F));
        }
        *o++ = '\n';
    }
    fwrite(out, 1, (size_t)(o - out), stdout);
    return 0;
}
