// Loops whose trip count is not in the source are reported as not bounded,
// with the reason. Their count is a symbol, trips_L<line> (iterations per
// entry), never a guess; the totals stay exact in it, and --param gives it
// a value (the RUN line names trips_L15: keep the while loop on line 15).
//
// RUN: roof-static %s -- | FileCheck %s
// RUN: roof-static --param trips_L15=1000 --function dot_while %s -- \
// RUN:   | FileCheck %s --check-prefix=BOUND

double dot_while(int n, const double *x) {
  // CHECK-LABEL: function dot_while
  double s = 0;
  int i = 0;
  // The count of a while loop is not in its header.
  while (i < n) {
    // CHECK-NEXT: line [[#@LINE-1]] while: not bounded, trips_L15 iterations per entry (a while loop: its trip count is not in its header)
    s += x[i] * x[i];
    // 1 add + 1 mul per iteration, x[i] read twice as written: 16 B
    // CHECK-NEXT: line [[#@LINE-2]] fp64 add 1, mul 1; load 16 B; runs trips_L15: s += x[i] * x[i]
    i++;
  }
  return s;
  // CHECK-NEXT: total fp64 FLOPs: 2*trips_L15
  // CHECK:      parameters: trips_L15 (loop)
  // CHECK-NEXT: not exact: the loop at line 15 is not bounded
  // With trips_L15 = 1000: 2 * 1000 = 2000 FLOPs, 16 * 1000 = 16000 B.
  // BOUND: total fp64 FLOPs: 2*trips_L15 = 2000
  // BOUND: bytes loaded 16*trips_L15 = 16000, stored 0
  // BOUND: parameters: trips_L15 = 1000 (loop)
}

void sweeps(int n, double *y, const double *x, double tol) {
  // CHECK-LABEL: function sweeps
  double change;
  do {
    // CHECK-NEXT: line [[#@LINE-1]] do: not bounded, trips_L[[#@LINE-1]] iterations per entry (a do-while loop: its trip count is not in its header)
    change = 0;
    for (int j = 0; j < n; j++) {
      // A bounded loop inside runs n times per sweep: n*trips_L in all.
      // CHECK-NEXT: line [[#@LINE-2]] for j: n iterations, n*trips_L[[#@LINE-5]] in all
      y[j] = 0.5 * (y[j] + x[j]);
      change += y[j] - x[j];
    }
  } while (change > tol);
  // The condition is compared once per sweep.
  // CHECK: line [[#@LINE-2]] fp64 compare 1; runs trips_L{{[0-9]+}}: change > tol
}

void not_bounded_for(int n, int s, double *x, const int *skip, const int *len) {
  // CHECK-LABEL: function not_bounded_for
  for (int i = 0; i < n; i++) {
    // CHECK-NEXT: line [[#@LINE-1]] for i: not bounded, {{.*}} (n changes inside the loop)
    x[i] *= 2.0;
    if (x[i] < 0)
      n--;
  }
  for (int i = 0; i < n; i++) {
    // CHECK: line [[#@LINE-1]] for i: not bounded, {{.*}} (i is changed in the loop body)
    x[i] += 1.0;
    i += skip[i];
  }
  for (int i = 0; i < n; i += s)
    // CHECK: line [[#@LINE-1]] for: not bounded, {{.*}} (the increment is not i++, i--, i += c or i -= c with a constant c on a variable of the condition)
    x[i] -= 1.0;
  for (;;) {
    // CHECK: line [[#@LINE-1]] for: not bounded, {{.*}} (the loop has no condition)
    x[0] *= 0.5;
    if (x[0] < 1e-9)
      break;
  }
  for (int i = 0; i < n; i++) {
    int m = len[i];
    for (int j = 0; j < m; j++)
      // m is read from memory in each iteration of the loop on i.
      // CHECK: line [[#@LINE-2]] for j: not bounded, {{.*}} (m changes from one iteration of the loop at line [[#@LINE-4]] to the next)
      x[j] += 1.0;
  }
}

void early_exit(int n, double *x) {
  // CHECK-LABEL: function early_exit
  for (int i = 0; i < n; i++) {
    // CHECK-NEXT: line [[#EXIT_LOOP:@LINE-1]] for i: n iterations, at most (it may exit early)
    if (x[i] == 0.0)
      break;
    // CHECK-NEXT: line [[#@LINE-2]] fp64 compare 1; load 8 B; runs n: x[i] == 0.0
    x[i] = 1.0 / x[i];
    // After the break, the rest of the body may not run.
    // CHECK-NEXT: line [[#AFTER_BREAK:@LINE-2]] fp64 div 1; load 8 B, store 8 B; runs n: x[i] = 1.0 / x[i] [conditional]
  }
  // CHECK: not exact: the loop at line [[#EXIT_LOOP]] may exit early: its counts are upper bounds
  // CHECK-NEXT: not exact: conditional code counted as if it ran (line [[#AFTER_BREAK]])
}
