/* Shapes from real applications. LULESH-like: a hexahedron's volume from
 * its eight corners, whose vector subtractions are partly extracted (the
 * SLP vectorizer leaves lanes that nothing reads). miniBUDE-like: a pose
 * rotation with sinf and cosf of the same angle. Short loops of odd trip
 * counts, 1 to 17, whose remainders run scalar. */
#include "harness.h"
#include <math.h>

#define NE 97

KERNEL double hex_volumes(int ne, const double *x, const double *y,
                          const double *z) {
  double total = 0;
  for (int e = 0; e < ne; e++) {
    const double *px = x + 8 * e, *py = y + 8 * e, *pz = z + 8 * e;
    double dx61 = px[6] - px[1], dy61 = py[6] - py[1], dz61 = pz[6] - pz[1];
    double dx70 = px[7] - px[0], dy70 = py[7] - py[0], dz70 = pz[7] - pz[0];
    double dx63 = px[6] - px[3], dy63 = py[6] - py[3], dz63 = pz[6] - pz[3];
    double dx20 = px[2] - px[0], dy20 = py[2] - py[0], dz20 = pz[2] - pz[0];
    double dx50 = px[5] - px[0], dy50 = py[5] - py[0], dz50 = pz[5] - pz[0];
    double dx64 = px[6] - px[4], dy64 = py[6] - py[4], dz64 = pz[6] - pz[4];
    double a = (dx61 + dx70) * (dy63 * dz20 - dz63 * dy20);
    double b = (dy61 + dy70) * (dz63 * dx20 - dx63 * dz20);
    double c = (dz61 + dz70) * (dx63 * dy20 - dy63 * dx20);
    double d = (dx70 + dx63) * (dy64 * dz50 - dz64 * dy50);
    double f = (dy70 + dy63) * (dz64 * dx50 - dx64 * dz50);
    double g = (dz70 + dz63) * (dx64 * dy50 - dy64 * dx50);
    total += (a + b + c + d + f + g) / 12.0;
  }
  return total;
}

KERNEL void poses(int n, const float *angles, float *px, float *py) {
  for (int i = 0; i < n; i++) {
    float s = sinf(angles[i]), c = cosf(angles[i]);
    float x = px[i], y = py[i];
    px[i] = c * x - s * y;
    py[i] = s * x + c * y;
  }
}

KERNEL double short_loops(const double *x) {
  double s = 0;
  for (int n = 1; n <= 17; n++)
    for (int i = 0; i < n; i++)
      s += x[i] * x[n - 1 - i];
  return s;
}

int main(void) {
  double *x = opaque_alloc(8 * NE * sizeof(double));
  double *y = opaque_alloc(8 * NE * sizeof(double));
  double *z = opaque_alloc(8 * NE * sizeof(double));
  float *ang = opaque_alloc(NE * sizeof(float));
  float *px = opaque_alloc(NE * sizeof(float));
  float *py = opaque_alloc(NE * sizeof(float));
  for (int i = 0; i < 8 * NE; i++) {
    x[i] = value_at(i, 0, 1);
    y[i] = value_at(i + 1, 0, 1);
    z[i] = value_at(i + 2, 0, 1);
  }
  for (int i = 0; i < NE; i++) {
    ang[i] = (float)value_at(i, -3, 3);
    px[i] = (float)value_at(i + 4, -1, 1);
    py[i] = (float)value_at(i + 5, -1, 1);
  }
  keep(hex_volumes(NE, x, y, z));
  poses(NE, ang, px, py);
  keep(short_loops(x));
  for (int i = 0; i < NE; i++)
    keep(px[i] + py[i]);
  return finish();
}
