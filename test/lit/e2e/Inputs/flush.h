// flush(big, n): reads the n doubles of `big` and writes their sum. Run
// over more than the last cache between two kernels, it leaves none of the
// first one's lines in any cache, so that the second starts with none of
// them. (It writes its sum: a call that only read could be left out as the
// same as the one before.)
static volatile double flushed;
__attribute__((noinline)) void flush(const double *big, long n) {
  double sum = 0;
  for (long i = 0; i < n; i++)
    sum += big[i];
  flushed = sum;
}
