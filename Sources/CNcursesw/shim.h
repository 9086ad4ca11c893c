#ifndef ROLO_CNCURSESW_SHIM_H
#define ROLO_CNCURSESW_SHIM_H

/* SwiftPM drops the -D flags pkg-config gives, so the wide-character API is
   switched on here, before ncurses.h is seen. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncurses.h>
#include <term.h>

/* Swift 6 rejects ncurses' global variables as shared mutable state and
   cannot import function-like macros: these wrappers expose both. */

static inline WINDOW *rolo_stdscr(void) { return stdscr; }
static inline WINDOW *rolo_curscr(void) { return curscr; }
static inline int rolo_lines(void) { return LINES; }
static inline int rolo_cols(void) { return COLS; }
static inline int rolo_colors(void) { return COLORS; }
static inline int rolo_color_pairs(void) { return COLOR_PAIRS; }

static inline void rolo_getmaxyx(WINDOW *win, int *rows, int *cols) {
    int y, x;
    getmaxyx(win, y, x);
    *rows = y;
    *cols = x;
}

static inline attr_t rolo_a_normal(void) { return A_NORMAL; }
static inline attr_t rolo_a_bold(void) { return A_BOLD; }
static inline attr_t rolo_a_dim(void) { return A_DIM; }
static inline attr_t rolo_a_reverse(void) { return A_REVERSE; }
static inline attr_t rolo_a_underline(void) { return A_UNDERLINE; }
static inline attr_t rolo_a_italic(void) { return A_ITALIC; }

static inline mmask_t rolo_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t rolo_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t rolo_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t rolo_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t rolo_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t rolo_wheel_down(void) {
#if NCURSES_MOUSE_VERSION > 1
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

/* Makes the next update rewrite the cells of one rectangle of the screen and no
   others: wredrawln on a window derived for the rectangle forgets what curscr
   holds in its columns only, and touching stdscr's lines makes doupdate compare
   them. A picture the terminal drew in those cells (sixel) is then written over. */
static inline void rolo_redraw_area(int y, int x, int rows, int cols) {
    WINDOW *area = derwin(stdscr, rows, cols, y, x);
    if (area == NULL) return;
    wredrawln(area, 0, rows);
    delwin(area);
    wtouchln(stdscr, y, rows, 1);
}

/* setcchar takes the pair number as a short; pairs above 32767 (and, in
   practice, above 255 on some builds) must go through the opts pointer. */
static inline int rolo_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cell, text, attrs, (short)(pair > 255 ? 0 : pair), pair > 255 ? (void *)&pair : NULL);
}

/* Whether the terminal description has the given boolean capability (e.g. "RGB"). */
static inline int rolo_tigetflag(const char *name) { return tigetflag((char *)name); }

/* Whether the terminal description has string capability `name` (e.g. the extended "Ms"):
   tigetstr gives NULL when absent and (char *)-1 when the name isn't a string capability. */
static inline int rolo_has_string_cap(const char *name) {
    char *value = tigetstr((char *)name);
    return value != NULL && value != (char *)-1;
}

/* The terminal description's numeric capability (e.g. "colors", "CO"); negative when absent. */
static inline int rolo_tigetnum(const char *name) { return tigetnum((char *)name); }

/* Reads terminfo entry `name`'s colour capabilities without opening a screen (nothing is
   written to the terminal): colors, the RGB flag, and CO (-1 when absent). Returns 0
   when there is no such entry. setupterm makes its entry current, so the one that was current
   is put back. */
static inline int rolo_terminfo_colors(const char *name, int fd, int *colors, int *rgb, int *reserved) {
    TERMINAL *saved = cur_term;
    int error = 0;
    if (setupterm((char *)name, fd, &error) != OK) {
        set_curterm(saved);
        return 0;
    }
    *colors = tigetnum("colors");
    *rgb = tigetflag("RGB") == 1;
    *reserved = tigetnum("CO");
    del_curterm(cur_term);
    set_curterm(saved);
    return 1;
}

/* Whether terminfo entry `name` can move the cursor to any cell (has cup): 1 yes, 0 no, -1 when
   there is no such entry. Read without opening a screen, like rolo_terminfo_colors. */
static inline int rolo_terminfo_can_move_cursor(const char *name, int fd) {
    TERMINAL *saved = cur_term;
    int error = 0;
    if (setupterm((char *)name, fd, &error) != OK) {
        set_curterm(saved);
        return -1;
    }
    char *cup = tigetstr("cup");
    int can = cup != NULL && cup != (char *)-1;
    del_curterm(cur_term);
    set_curterm(saved);
    return can;
}

#endif
