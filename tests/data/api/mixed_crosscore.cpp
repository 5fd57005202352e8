// Parse test for the bundled AscendC API (api/include): a mixed (1 cube : 2
// vector) kernel split with `if ASCEND_IS_AIC` / `if ASCEND_IS_AIV`, handing
// a GM workspace across cores with CrossCoreSetFlag/CrossCoreWaitFlag, the
// older ffts_cross_core_sync/wait_flag_dev form, g_coreType, SyncAll and the
// sub-block id.
// Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint16_t FLAG_CUBE_DONE = 3;
constexpr uint16_t FLAG_VEC_DONE = 4;
constexpr uint8_t MODE_CUBE_VEC = 2; // AIC <-> both AIVs of the group
} // namespace

__aicore__ inline void CubeSide(GlobalTensor<float>& workGm, uint32_t len)
{
    TPipe pipe;
    TQue<TPosition::CO1, 1> co1;
    pipe.InitBuffer(co1, 1, len * sizeof(float));
    LocalTensor<float> acc = co1.AllocTensor<float>();
    FixpipeParamsV220 fix(16, static_cast<uint16_t>(len / 16), static_cast<uint16_t>(len / 16), 16, false);
    Fixpipe(workGm, acc, fix);
    co1.FreeTensor(acc);
    CrossCoreSetFlag<MODE_CUBE_VEC, PIPE_FIX>(FLAG_CUBE_DONE);
    CrossCoreWaitFlag(FLAG_VEC_DONE);
}

__aicore__ inline void VectorSide(GlobalTensor<float>& workGm, GlobalTensor<float>& outGm, uint32_t len)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQue;
    pipe.InitBuffer(inQue, 1, len * sizeof(float));
    CrossCoreWaitFlag<MODE_CUBE_VEC, PIPE_MTE2>(FLAG_CUBE_DONE);
    uint32_t halfLen = len / 2;
    uint32_t offset = static_cast<uint32_t>(GetSubBlockIdx()) * halfLen;
    LocalTensor<float> t = inQue.AllocTensor<float>();
    DataCopy(t, workGm[offset], halfLen);
    inQue.EnQue(t);
    t = inQue.DeQue<float>();
    Relu(t, t, static_cast<int32_t>(halfLen));
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(outGm[offset], t, halfLen);
    inQue.FreeTensor(t);
    CrossCoreSetFlag<MODE_CUBE_VEC, PIPE_MTE3>(FLAG_VEC_DONE);
}

extern "C" __global__ __aicore__ void mixed_relu(GM_ADDR work, GM_ADDR out, uint32_t len)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GlobalTensor<float> workGm;
    GlobalTensor<float> outGm;
    workGm.SetGlobalBuffer((__gm__ float*)work + GetBlockIdx() * len, len);
    outGm.SetGlobalBuffer((__gm__ float*)out + GetBlockIdx() * len, len);

    if ASCEND_IS_AIC {
        CubeSide(workGm, len);
    }
    if ASCEND_IS_AIV {
        VectorSide(workGm, outGm, len);
    }
    if ASCEND_IS_NOT_AIC {
        // Older spelling of the same handshake.
        ffts_cross_core_sync(PIPE_MTE3, 1 | (static_cast<uint64_t>(MODE_CUBE_VEC) << 4) | (5ULL << 8));
        wait_flag_dev(6);
    }
    if (g_coreType == AIC) {
        PipeBarrier<PIPE_FIX>();
    }
    SyncAll<false>();
}
