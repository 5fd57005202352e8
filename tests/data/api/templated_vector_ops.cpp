// Parse test for the bundled AscendC API (api/include): a kernel class
// templated on the element type and the queue depth, instantiated for half,
// float and bfloat16_t — Cast with RoundMode, the mask/repeat forms
// (uint64_t mask[] and uint64_t mask with Binary/UnaryRepeatParams), mask
// control, Duplicate, Compare + Select, WholeReduceMax, BlockReduceSum,
// Brcb, Gather, Axpy, Copy, LeakyRelu, operator forms. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

using namespace AscendC;

template <typename T, int32_t DEPTH>
class ClampScaleKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t length)
    {
        length_ = length;
        xGm_.SetGlobalBuffer((__gm__ T*)x, length);
        yGm_.SetGlobalBuffer((__gm__ T*)y, length);
        pipe_.InitBuffer(inQueue_, DEPTH, length * sizeof(T));
        pipe_.InitBuffer(outQueue_, DEPTH, length * sizeof(T));
        pipe_.InitBuffer(calcBuf_, length * sizeof(float) * 2);
        pipe_.InitBuffer(maskBuf_, length / 8);
        pipe_.InitBuffer(idxBuf_, length * sizeof(uint32_t));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<T> x = inQueue_.template AllocTensor<T>();
        DataCopy(x, xGm_, length_);
        inQueue_.EnQue(x);
        x = inQueue_.template DeQue<T>();

        LocalTensor<float> f = calcBuf_.template Get<float>(length_);
        LocalTensor<float> g = calcBuf_.template GetWithOffset<float>(length_, length_ * sizeof(float));
        Cast(f, x, RoundMode::CAST_NONE, length_);

        // Mask forms: 64 float lanes per 256-byte repeat.
        uint64_t mask[2] = {0xffffffffffffffffULL, 0};
        uint8_t repeats = static_cast<uint8_t>(length_ / 64);
        Add(g, f, f, mask, repeats, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
        Mul(g, g, f, 64, repeats, {1, 1, 1, 8, 8, 8});
        Muls(g, g, 0.25f, 64, repeats, UnaryRepeatParams(1, 1, 8, 8));
        Maxs<float, false>(g, g, -1.0f, MASK_PLACEHOLDER, repeats, UnaryRepeatParams());
        Mins(g, g, 1.0f, length_);
        LeakyRelu(g, g, 0.01f, length_);
        Axpy(g, f, 0.5f, length_);
        Copy(f, g, 64, repeats, CopyRepeatParams(1, 1, 8, 8));

        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, length_);
        Exp<float, false>(g, g, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
        SetMaskNorm();
        ResetMask();

        // Compare + Select: keep f where f > g.
        LocalTensor<uint8_t> selMask = maskBuf_.template Get<uint8_t>();
        Compare(selMask, f, g, CMPMODE::GT, length_);
        Select(g, selMask, f, g, SELMODE::VSEL_TENSOR_TENSOR_MODE, length_);
        CompareScalar(selMask, f, 0.0f, CMPMODE::LT, length_);
        Select(g, selMask, f, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, length_);
        Duplicate(f, 0.0f, length_);

        // Reductions and broadcasts.
        WholeReduceMax(f, g, 64, repeats, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
        BlockReduceSum(f, g, repeats, 64, 1, 1, 8);
        Brcb(g, f, 1, BrcbRepeatParams(1, 8));
        LocalTensor<uint32_t> idx = idxBuf_.template Get<uint32_t>();
        CreateVecIndex(idx, 0u, length_);
        Gather(f, g, idx, 0, length_);

        g = f + g; // operator form of Add
        Abs(g, g, length_);
        Sqrt(g, g, length_);

        LocalTensor<T> y = outQueue_.template AllocTensor<T>();
        Cast(y, g, RoundMode::CAST_RINT, length_);
        outQueue_.EnQue(y);
        inQueue_.FreeTensor(x);
        y = outQueue_.template DeQue<T>();
        DataCopy(yGm_, y, length_);
        outQueue_.FreeTensor(y);
    }

private:
    TPipe pipe_;
    TQue<TPosition::VECIN, DEPTH> inQueue_;
    TQue<TPosition::VECOUT, DEPTH> outQueue_;
    TBuf<TPosition::VECCALC> calcBuf_;
    TBuf<TPosition::VECCALC> maskBuf_;
    TBuf<TPosition::VECCALC> idxBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t length_ = 0;
};

template <typename T>
__global__ __aicore__ void clamp_scale(GM_ADDR x, GM_ADDR y, uint32_t length)
{
    ClampScaleKernel<T, 2> op;
    op.Init(x, y, length);
    op.Process();
}

template __global__ __aicore__ void clamp_scale<half>(GM_ADDR, GM_ADDR, uint32_t);
template __global__ __aicore__ void clamp_scale<bfloat16_t>(GM_ADDR, GM_ADDR, uint32_t);

extern "C" __global__ __aicore__ void clamp_scale_f32(GM_ADDR x, GM_ADDR y, uint32_t length)
{
    ClampScaleKernel<float, 1> op;
    op.Init(x, y, length);
    op.Process();
    half h = 1.0;
    h = h * 2 + static_cast<half>(0.5f);
    bfloat16_t b = static_cast<bfloat16_t>(static_cast<float>(h));
    (void)b;
}
