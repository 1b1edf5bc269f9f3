// A function defined in a header, for test/lit/e2e/definition-lines.c: its
// census line is 0 (a line of this file is no line of the module's source),
// and the report shows the module alone.
#ifndef DEFINITION_LINES_H
#define DEFINITION_LINES_H

__attribute__((noinline)) static inline double sum_squares(const double *x,
                                                           int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

#endif
