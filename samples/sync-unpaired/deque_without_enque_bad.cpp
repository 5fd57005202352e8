// lint: --target=ascend910b --target=ascend950 --checks=*,-perf-bank-conflict
// CopyIn allocates and fills the y tile but never enqueues it: Compute's
// DeQue on inQueueY waits for an event nobody sets (the core hangs).
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t TILE = 1024;

class KernelAddTiles {
public:
  __aicore__ inline KernelAddTiles() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tiles) {
    this->tiles = tiles;
    ASCENDC_ASSUME(tiles <= 65536); // the host never launches more tiles
    xGm.SetGlobalBuffer((__gm__ float *)x, tiles * TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, tiles * TILE);
    zGm.SetGlobalBuffer((__gm__ float *)z, tiles * TILE);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tiles; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    LocalTensor<float> yLocal = inQueueY.AllocTensor<float>();
    DataCopy(xLocal, xGm[i * TILE], TILE);
    DataCopy(yLocal, yGm[i * TILE], TILE); // expect-error: sync-race
    inQueueX.EnQue(xLocal);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> xLocal = inQueueX.DeQue<float>();
    LocalTensor<float> yLocal = inQueueY.DeQue<float>(); // expect-error: sync-unpaired
    LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
    Add(zLocal, xLocal, yLocal, TILE);
    outQueueZ.EnQue(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
    DataCopy(zGm[i * TILE], zLocal, TILE);
    outQueueZ.FreeTensor(zLocal);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<float> xGm, yGm, zGm;
  uint32_t tiles;
};

extern "C" __global__ __aicore__ void add_tiles(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tiles) {
  KernelAddTiles op;
  op.Init(x, y, z, tiles);
  op.Process();
}
