// lint: --target=ascend950
// A vector function scales `count` elements, VL at a time: UpdateMask
// leaves the last iteration's lanes past `count` unwritten. The copy-out
// then moves the whole 32-byte-aligned tile, and its last bytes were never
// written (whatever the UB held). The loop's stores are disjoint stretches
// of at most VL elements, one per iteration, so the unwritten tail is
// certain, not a guess. Fix: copy out `count` elements with DataCopyPad, or
// zero the tile first (vf_masked_tail_good.cpp).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // half elements
constexpr uint32_t COUNT = 2045;

template <typename T>
__simd_vf__ inline void ScaleVF(__ubuf__ T *dst, __ubuf__ T *src, uint32_t count, uint16_t repeats) {
  constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(T);
  Reg::RegTensor<T> x, y;
  Reg::MaskReg mask;
  for (uint16_t i = 0; i < repeats; ++i) {
    mask = Reg::UpdateMask<T>(count);
    Reg::LoadAlign(x, src + i * VL);
    Reg::Muls(y, x, (T)2.0, mask);
    Reg::StoreAlign(dst + i * VL, y, mask);
  }
}

template <typename T> class KernelScaleTail {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ T *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ T *)y, TILE);
    pipe.InitBuffer(inQ, 1, TILE * sizeof(T));
    pipe.InitBuffer(outQ, 1, TILE * sizeof(T));
  }
  __aicore__ inline void Process() {
    LocalTensor<T> xl = inQ.AllocTensor<T>();
    DataCopy(xl, xGm, TILE);
    inQ.EnQue(xl);
    xl = inQ.DeQue<T>();
    LocalTensor<T> yl = outQ.AllocTensor<T>();
    constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(T);
    asc_vf_call<ScaleVF<T>>((__ubuf__ T *)yl.GetPhyAddr(), (__ubuf__ T *)xl.GetPhyAddr(), COUNT,
                            (uint16_t)((COUNT + VL - 1) / VL));
    outQ.EnQue(yl);
    inQ.FreeTensor(xl);
    yl = outQ.DeQue<T>();
    DataCopy(yGm, yl, TILE); // expect: uninit-read
    outQ.FreeTensor(yl);
  }

private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQ;
  TQue<QuePosition::VECOUT, 1> outQ;
  GlobalTensor<T> xGm, yGm;
};

extern "C" __global__ __aicore__ void scale_tail(GM_ADDR x, GM_ADDR y) {
  KernelScaleTail<half> op;
  op.Init(x, y);
  op.Process();
}
