// lint: --target=ascend950
// Ascend 950 random numbers: PhiloxRandom fills `count` elements of its
// destination (高阶API/随机函数/PhiloxRandom.md, 连续模式), and Cos without a
// count computes over its whole source tensor ("源操作数Tensor全部参与计算",
// 高阶API/数学计算/Cos接口/Cos.md, 函数原型). The bad twin of
// philox_cos_whole_tensor_good.cpp: the first PhiloxRandom is given the wide
// buffer's count for the narrow one, and Cos reads the 2 x TILE wide buffer
// into a TILE-element output tile.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t TILE = 1024;
constexpr uint32_t WIDE = 2 * TILE;
constexpr int32_t BUFFER_NUM = 2;

class KernelPhiloxCos {
public:
  __aicore__ inline KernelPhiloxCos() {}
  __aicore__ inline void Init(GM_ADDR y, uint32_t tiles, uint32_t seed) {
    this->tiles = tiles;
    this->seed = seed;
    ASCENDC_ASSUME(tiles <= 65536); // the host never launches more tiles
    yGm.SetGlobalBuffer((__gm__ float *)y, tiles * TILE);
    pipe.InitBuffer(narrow, TILE * sizeof(float));
    pipe.InitBuffer(wide, WIDE * sizeof(float));
    pipe.InitBuffer(outQ, BUFFER_NUM, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tiles; i++) {
      Compute(i);
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void Compute(uint32_t i) {
    LocalTensor<float> u = narrow.Get<float>();
    LocalTensor<float> w = wide.Get<float>();
    PhiloxRandom<10>(u, {seed, 0}, {i, 0, 0, 0}, WIDE); // expect-error: bounds-local
    PhiloxRandom<10>(w, {seed, 1}, {i, 0, 0, 0}, WIDE);
    LocalTensor<float> c = outQ.AllocTensor<float>();
    Cos<float, false>(c, w); // expect-error: bounds-local
    outQ.EnQue(c);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> c = outQ.DeQue<float>();
    DataCopy(yGm[i * TILE], c, TILE);
    outQ.FreeTensor(c);
  }

  TPipe pipe;
  TBuf<TPosition::VECCALC> narrow, wide;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQ;
  GlobalTensor<float> yGm;
  uint32_t tiles = 0;
  uint32_t seed = 0;
};

extern "C" __global__ __aicore__ void philox_cos(GM_ADDR y, uint32_t tiles, uint32_t seed) {
  KernelPhiloxCos op;
  op.Init(y, tiles, seed);
  op.Process();
}
