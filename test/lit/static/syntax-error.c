// A file that does not compile gets clang's diagnostics, is not counted, and
// makes roof-static exit with status 1 (`not` fails on a crash, so this also
// checks that it does not crash). The other files are still counted.
//
// RUN: not roof-static %s %S/Inputs/valid.c -- 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: not roof-static --json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON

void broken(double *x) {
  x[0] = 1.0 + ;
  // ERR: syntax-error.c:[[#@LINE-1]]:{{[0-9]+}}: error: expected expression
}

void fine(double *x) { x[0] *= 2.0; }

// ERR: roof-static: {{.*}}syntax-error.c: not counted, it does not compile

// Nothing of this file is counted, not even the function without an error.
// CHECK-NOT: function broken
// CHECK-NOT: function fine
// CHECK:     function scale ({{.*}}valid.c:2)
// CHECK:       total fp64 FLOPs: n

// JSON:      "failed": [
// JSON-NEXT:   "{{.*}}syntax-error.c"
// JSON-NEXT: ],
// JSON:      "functions": []
