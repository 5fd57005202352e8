// lint: --target=ascend910b
// The bad twin of loop_tail_len_good.cpp: the last tile copies 16 elements
// more than the queue buffer holds. `len` is TILE or TILE + 16 in an
// iteration: the second overflows every buffer (counterexamples: which
// iteration takes which value is not tracked), and its copies out overlap.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t TILE = 1024;

class KernelTail {
public:
  __aicore__ inline KernelTail() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t tiles, uint32_t tail) {
    this->tiles = tiles;
    this->tail = tail;
    ASCENDC_ASSUME(tiles >= 1 && tiles <= 4096);
    ASCENDC_ASSUME(tail >= 16 && tail <= TILE && tail % 16 == 0);
    xGm.SetGlobalBuffer((__gm__ half *)x, tiles * TILE);
    yGm.SetGlobalBuffer((__gm__ half *)y, tiles * TILE);
    pipe.InitBuffer(inQ, 2, TILE * sizeof(half));
    pipe.InitBuffer(outQ, 2, TILE * sizeof(half));
  }
  __aicore__ inline void Process() {
    uint32_t len = TILE;
    for (uint32_t i = 0; i < tiles; ++i) {
      if (i == tiles - 1) {
        len = TILE + 16;
      }
      LocalTensor<half> a = inQ.AllocTensor<half>();
      DataCopy(a, xGm[i * TILE], len); // expect: bounds-global, bounds-local
      inQ.EnQue(a);
      LocalTensor<half> b = inQ.DeQue<half>();
      LocalTensor<half> c = outQ.AllocTensor<half>();
      Muls(c, b, (half)2, len); // expect: bounds-local, bounds-local
      outQ.EnQue(c);
      inQ.FreeTensor(b);
      LocalTensor<half> d = outQ.DeQue<half>();
      DataCopy(yGm[i * TILE], d, len); // expect: bounds-global, bounds-local, sync-race
      outQ.FreeTensor(d);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<half> xGm, yGm;
  uint32_t tiles, tail;
};

extern "C" __global__ __aicore__ void tail_scale(GM_ADDR x, GM_ADDR y, uint32_t tiles, uint32_t tail) {
  KernelTail op;
  op.Init(x, y, tiles, tail);
  op.Process();
}
