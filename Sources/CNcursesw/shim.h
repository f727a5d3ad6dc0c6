// Exposes ncursesw's wide-character API and the macros/globals Swift cannot import.
#ifndef TRADECHART_CNCURSESW_SHIM_H
#define TRADECHART_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <curses.h>

static const unsigned int tc_A_NORMAL = A_NORMAL;
static const unsigned int tc_A_BOLD = A_BOLD;
static const unsigned int tc_A_DIM = A_DIM;
static const unsigned int tc_A_REVERSE = A_REVERSE;
static const unsigned int tc_A_UNDERLINE = A_UNDERLINE;
static const unsigned int tc_A_BLINK = A_BLINK;

static const mmask_t tc_ALL_MOUSE_EVENTS = ALL_MOUSE_EVENTS;
static const mmask_t tc_REPORT_MOUSE_POSITION = REPORT_MOUSE_POSITION;
static const mmask_t tc_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t tc_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t tc_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t tc_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t tc_BUTTON5_PRESSED = BUTTON5_PRESSED;

static inline WINDOW *tc_stdscr(void) { return stdscr; }
static inline void tc_set_escdelay(int ms) { set_escdelay(ms); }

/// Writes one cell: a single wide character with attributes and colour pair.
static inline int tc_put_cell(int y, int x, wchar_t ch, attr_t attrs, short pair) {
    cchar_t cell;
    wchar_t text[2] = { ch, 0 };
    if (setcchar(&cell, text, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

#endif
