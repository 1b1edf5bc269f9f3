// A file that compiles, given to roof-static beside one that does not.
void scale(int n, double *x) {
  for (int i = 0; i < n; i++)
    x[i] *= 3.0;
}
