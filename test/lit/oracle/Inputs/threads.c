#include <pthread.h>
static void *run(void *p) { return p; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, run, 0);
  return pthread_join(t, 0);
}
