/* The C reference for bench/bench_simpscore.py: the seed's simpscore (legacy-score-files.txt)
 * as its C program would be written, to time ClubScore's report against.
 *
 * It reads a well-formed score file only (the bench's generated one and the seed's example):
 * it stops at the first thing it cannot read, without the line-numbered messages of
 * ClubScore's parser. Per board, the scores played are sorted once and each pair's
 * matchpoints found by binary search (the seed's quadratic count would time the algorithm,
 * not the language). Figures as SPEC decision 8 and 9: percentage = mp * 100 / (n - 1), 50
 * for a board one pair played, a pair's percentage the mean of its boards' in board order,
 * 0.00 averages for a pair that played no board.
 *
 * Build: cc -O2 -o simpscore_reference simpscore_reference.c
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *names;
    long long total;
    double matchpoints, percentages;
    int boards;
} Pair;

static void die(const char *what, long line) {
    fprintf(stderr, "line %ld: %s\n", line, what);
    exit(1);
}

static int by_value(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The first index of sorted[0..n) holding a value >= key (or > key when `after`). */
static long bound(const long *sorted, long n, long key, int after) {
    long low = 0, high = n;
    while (low < high) {
        long mid = (low + high) / 2;
        if (sorted[mid] < key || (after && sorted[mid] == key)) low = mid + 1;
        else high = mid;
    }
    return low;
}

static char *read_all(const char *path, long *size) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    *size = ftell(file);
    rewind(file);
    char *text = malloc(*size + 1);
    if (fread(text, 1, *size, file) != (size_t)*size) { perror(path); exit(1); }
    text[*size] = '\0';
    fclose(file);
    return text;
}

/* The next word of a line, NUL-terminated in place, or NULL at the line's end. */
static char *next_word(char **cursor) {
    char *p = *cursor;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '\0') return NULL;
    char *word = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = '\0';
    *cursor = p;
    return word;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: simpscore_reference FILE\n"); return 2; }
    long size;
    char *text = read_all(argv[1], &size);
    Pair *pairs = NULL;
    long pair_count = 0, capacity = 0, line_number = 0;
    long *scores = NULL, *played = NULL;
    int *absent = NULL;
    int in_scores = 0;
    char *line = text;
    while (line < text + size) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        if (end && end > line && end[-1] == '\r') end[-1] = '\0';
        char *next = end ? end + 1 : text + size;
        line_number++;
        char *cursor = line;
        char *first = next_word(&cursor);
        if (first == NULL) { line = next; continue; }
        if (!in_scores) {
            if (strcmp(first, "SCORES") == 0) {
                in_scores = 1;
                scores = malloc(sizeof(long) * (pair_count + 1));
                played = malloc(sizeof(long) * (pair_count + 1));
                absent = malloc(sizeof(int) * (pair_count + 1));
                line = next;
                continue;
            }
            long number = strtol(first, NULL, 10);
            if (number < 1) die("bad pair number", line_number);
            if (number > capacity) {
                long grown = capacity ? capacity : 128;
                while (grown < number) grown *= 2;
                pairs = realloc(pairs, sizeof(Pair) * grown);
                memset(pairs + capacity, 0, sizeof(Pair) * (grown - capacity));
                capacity = grown;
            }
            if (number > pair_count) pair_count = number;
            /* The names: the rest of the line's words joined by single spaces. */
            char *names = malloc(strlen(cursor) + 1), *out = names, *word;
            while ((word = next_word(&cursor)) != NULL) {
                if (out != names) *out++ = ' ';
                size_t length = strlen(word);
                memcpy(out, word, length);
                out += length;
            }
            *out = '\0';
            pairs[number - 1].names = names;
            line = next;
            continue;
        }
        long count = 0;
        for (long pair = 0; pair < pair_count; pair++) {
            char *word = pair == 0 ? first : next_word(&cursor);
            if (word == NULL) die("too few scores", line_number);
            absent[pair] = strcmp(word, "----") == 0;
            scores[pair] = strcmp(word, "PASS") == 0 || absent[pair] ? 0 : strtol(word, NULL, 10);
            if (!absent[pair]) played[count++] = scores[pair];
        }
        qsort(played, count, sizeof(long), by_value);
        for (long pair = 0; pair < pair_count; pair++) {
            if (absent[pair]) continue;
            long below = bound(played, count, scores[pair], 0);
            long same = bound(played, count, scores[pair], 1) - below;
            long half = 2 * below + same - 1; /* twice the matchpoints: 2 a pair beaten, 1 a tie */
            Pair *p = &pairs[pair];
            p->total += scores[pair];
            p->matchpoints += half / 2.0;
            p->percentages += count == 1 ? 50.0 : half * 50.0 / (count - 1);
            p->boards++;
        }
        line = next;
    }
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    for (long pair = 0; pair < pair_count; pair++) {
        Pair *p = &pairs[pair];
        int divisor = p->boards ? p->boards : 1;
        printf("%10lld %8.2f %10.1f %10.2f %2d %s\n", p->total, (double)p->total / divisor, p->matchpoints,
               p->percentages / divisor, p->boards, p->names ? p->names : "");
    }
    return 0;
}
