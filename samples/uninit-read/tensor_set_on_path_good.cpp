// lint: --target=ascend910b
// A fill kernel that zeroes the output in whole tiles and then a tail. The
// output tile is dequeued once, before the loop, and only when there is a
// whole tile; the tail reuses it, or dequeues its own when there was none.
// `dst` is default-constructed, but no path uses it unassigned: the loop
// runs only when fullTiles > 0, and the tail assigns it when fullTiles == 0.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 4096;
constexpr uint32_t MAX_TILES = 1024;

class KernelZeroFill {
public:
  __aicore__ inline KernelZeroFill() {}
  __aicore__ inline void Init(GM_ADDR y, uint32_t fullTiles, uint32_t tail) {
    this->fullTiles = fullTiles;
    this->tail = tail;
    yGm.SetGlobalBuffer((__gm__ float *)y, (MAX_TILES + 1) * TILE);
    pipe.InitBuffer(outQ, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (fullTiles > MAX_TILES)
      return;
    LocalTensor<float> tile = outQ.AllocTensor<float>();
    LocalTensor<float> dst;
    if (fullTiles > 0) {
      Duplicate(tile, 0.0f, TILE);
      outQ.EnQue(tile);
      dst = outQ.DeQue<float>();
    }
    for (uint32_t i = 0; i < fullTiles; ++i)
      CopyOut(dst, i * TILE, TILE);
    if (tail > 0 && tail <= TILE && tail % 8 == 0) {
      if (fullTiles == 0) {
        Duplicate(tile, 0.0f, tail);
        outQ.EnQue(tile);
        dst = outQ.DeQue<float>();
      }
      CopyOut(dst, fullTiles * TILE, tail);
    }
    outQ.FreeTensor(tile);
  }

private:
  __aicore__ inline void CopyOut(const LocalTensor<float> &src, uint32_t offset, uint32_t count) {
    DataCopy(yGm[offset], src, count);
  }

  TPipe pipe;
  TQue<TPosition::VECOUT, 1> outQ;
  GlobalTensor<float> yGm;
  uint32_t fullTiles = 0;
  uint32_t tail = 0;
};

extern "C" __global__ __aicore__ void zero_fill(GM_ADDR y, uint32_t fullTiles, uint32_t tail) {
  KernelZeroFill op;
  op.Init(y, fullTiles, tail);
  op.Process();
}
