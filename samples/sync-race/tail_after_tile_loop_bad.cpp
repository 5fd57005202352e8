// lint: --target=ascend910b
// The twin of tail_after_tile_loop_good.cpp with the tail's guard weakened to
// fullTiles < 2: after one whole tile, the tail's Duplicate overwrites the
// zeroed tile while the tile loop's DataCopy may still be reading it (MTE3),
// with no MTE3_V flag between them: a race within one call of FillPart.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 4096; // floats per tile
constexpr uint32_t MAX_TILES = 64;

__aicore__ uint32_t TailLength(uint32_t part); // defined in another translation unit

class KernelFillParts {
public:
  __aicore__ inline KernelFillParts() {}
  __aicore__ inline void Init(GM_ADDR y, uint32_t parts, uint32_t fullTiles) {
    this->parts = parts;
    this->fullTiles = fullTiles;
    yGm.SetGlobalBuffer((__gm__ float *)y, (MAX_TILES + 1) * TILE);
    pipe.InitBuffer(outQ, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (fullTiles > MAX_TILES)
      return;
    for (uint32_t p = 0; p < parts; ++p)
      FillPart(p);
  }

private:
  __aicore__ inline void FillPart(uint32_t p) {
    LocalTensor<float> tile = outQ.AllocTensor<float>();
    if (fullTiles > 0) {
      Duplicate(tile, 0.0f, TILE);
      outQ.EnQue(tile);
      tile = outQ.DeQue<float>();
    }
    for (uint32_t i = 0; i < fullTiles; ++i)
      CopyOut(tile, i * TILE, TILE);
    uint32_t tail = TailLength(p);
    if (fullTiles < 2 && tail > 0 && tail <= TILE && tail % 8 == 0) {
      Duplicate(tile, 0.0f, tail); // expect-warning: sync-race
      outQ.EnQue(tile);
      tile = outQ.DeQue<float>();
      CopyOut(tile, fullTiles * TILE, tail);
    }
    outQ.FreeTensor(tile);
  }
  __aicore__ inline void CopyOut(const LocalTensor<float> &src, uint32_t offset, uint32_t count) {
    DataCopy(yGm[offset], src, count);
  }

  TPipe pipe;
  TQue<TPosition::VECOUT, 1> outQ;
  GlobalTensor<float> yGm;
  uint32_t parts = 0;
  uint32_t fullTiles = 0;
};

extern "C" __global__ __aicore__ void fill_parts(GM_ADDR y, uint32_t parts, uint32_t fullTiles) {
  KernelFillParts op;
  op.Init(y, parts, fullTiles);
  op.Process();
}
