// The Python side of a training kit, generated from the tools a dataset offers: modules that use the standard library
// only and talk to `kopa serve-env` over HTTP, so rollouts on the GPU server execute tools and compute rewards exactly
// as KOPA Studio does (the same result view, the same reward), plus the training scripts around them. Everything here
// is text; the engine writes it to disk.
import { ANSWER_TOOL } from '../../answer/answerTool.ts';
import type { FunctionSchema } from '../../catalog/functionSchema.ts';
import { pythonIdentifiers } from './pythonIdentifiers.ts';

/** What the answer tool returns in a rollout: the answer is recorded, and the model's turn is over. */
const ANSWER_RECORDED = '답을 확정했습니다.';

const PY_TYPES: Record<string, string> = { string: 'str', integer: 'int', number: 'float', boolean: 'bool', array: 'list', object: 'dict' };

/** A Python string literal of any text (JSON's escapes are Python's for these characters). */
const pyString = (text: string): string => JSON.stringify(text);

/** One line of docstring text: no line breaks or control characters, no triple quotes, no backslash escapes. */
const docLine = (text: string): string =>
  text
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"""/g, "'''")
    .trim();

/** Names the generated modules define at their top level or on KopaEnvironment: a tool's function must not replace them. */
const MODULE_NAMES = new Set([
  'json',
  'os',
  'urllib',
  'uuid',
  'Optional',
  'SERVICE_URL',
  'SERVICE_TOKEN',
  '_post',
  'call_tool',
  'TOOLS',
  'KopaEnvironment',
  'reset',
  'episode',
]);

/** Names a tool function's own body uses: a parameter must not shadow them. */
const BODY_NAMES = new Set(['self', 'call_tool', 'None']);

interface Param {
  /** The wire name, sent to the service in a string literal. */
  name: string;
  /** The Python name of the argument. */
  pyName: string;
  type: string;
  required: boolean;
  description: string;
}

function paramsOf(tool: FunctionSchema): Param[] {
  const required = new Set(tool.function.parameters.required);
  const props = tool.function.parameters.properties as Record<string, { type?: string; description?: string }>;
  const pyNames = pythonIdentifiers(Object.keys(props), BODY_NAMES);
  const list = Object.entries(props).map(([name, p]) => ({
    name,
    pyName: pyNames.get(name)!,
    type: PY_TYPES[p.type ?? 'string'] ?? 'str',
    required: required.has(name),
    description: docLine(p.description ?? name),
  }));
  return [...list.filter((p) => p.required), ...list.filter((p) => !p.required)];
}

/** A typed function with the Google-style docstring TRL reads to build the tool's schema. */
function toolFunction(tool: FunctionSchema, pyName: string, indent: string, self: boolean): string {
  const params = paramsOf(tool);
  const signature = [...(self ? ['self'] : []), ...params.map((p) => (p.required ? `${p.pyName}: ${p.type}` : `${p.pyName}: Optional[${p.type}] = None`))].join(
    ', ',
  );
  const doc = [
    `${indent}    """${docLine(tool.function.description)}`,
    '',
    ...(params.length ? [`${indent}    Args:`, ...params.map((p) => `${indent}        ${p.pyName}: ${p.description}`), ''] : []),
    `${indent}    Returns:`,
    `${indent}        The result as KOPA Studio's result view (JSON text), or an error the model can read.`,
    `${indent}    """`,
  ];
  const args = `{${params.map((p) => `${pyString(p.name)}: ${p.pyName}`).join(', ')}}`;
  const episode = self ? 'self.episode, self.sample_id' : 'None';
  // The answer tool commits the rollout's answer and ends it; nothing runs, and the reward reads the call.
  const body =
    tool.function.name === ANSWER_TOOL ? `return ${pyString(ANSWER_RECORDED)}` : `return call_tool(${pyString(tool.function.name)}, ${args}, ${episode})`;
  return [`${indent}def ${pyName}(${signature}) -> str:`, ...doc, `${indent}    ${body}`].join('\n');
}

const CLIENT = `import json
import os
import urllib.error
import urllib.request
import uuid
from typing import Optional

SERVICE_URL = os.environ.get("KOPA_ENV_URL", "http://127.0.0.1:8787")
SERVICE_TOKEN = os.environ.get("KOPA_ENV_TOKEN", "")


def _post(path, body):
    request = urllib.request.Request(
        SERVICE_URL.rstrip("/") + path,
        data=json.dumps(body, ensure_ascii=False).encode("utf-8"),
        headers={"content-type": "application/json", "authorization": "Bearer " + SERVICE_TOKEN},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        payload = json.loads(error.read().decode("utf-8") or "{}")
        raise RuntimeError(payload.get("error", {}).get("message", str(error))) from None


def call_tool(name, arguments, episode=None, sample_id=None):
    """Runs one tool through kopa serve-env, at the moment its sample was recorded; returns the result view a model reads."""
    body = {"arguments": {k: v for k, v in arguments.items() if v is not None}}
    if episode:
        body["episode"] = episode
    if sample_id is not None:
        body["sample_id"] = int(sample_id)
    return _post("/v1/tools/" + name, body)["content"]
`;

/** kopa_tools.py: one function per tool (for GRPOTrainer(tools=…)) and an environment class (environment_factory). */
export function toolsModule(tools: FunctionSchema[]): string {
  const names = pythonIdentifiers(
    tools.map((t) => t.function.name),
    MODULE_NAMES,
  );
  const pyName = (t: FunctionSchema): string => names.get(t.function.name)!;
  return [
    '"""Tools of a KOPA Studio dataset, executed by `kopa serve-env` (emulator or replay, never live APIs).',
    '',
    'Generated by `kopa train export`. Standard library only. Set KOPA_ENV_URL and KOPA_ENV_TOKEN.',
    'TOOLS: plain functions for GRPOTrainer(tools=TOOLS); they cannot use the query tool across calls.',
    'KopaEnvironment: one instance per rollout for environment_factory=KopaEnvironment; its episode keeps',
    'the handles of earlier results, so local_queryRows reads them.',
    '"""',
    '',
    CLIENT,
    '',
    ...tools.flatMap((t) => [toolFunction(t, pyName(t), '', false), '', '']),
    `TOOLS = [${tools.map(pyName).join(', ')}]`,
    '',
    '',
    'class KopaEnvironment:',
    '    """One rollout: its tools share an episode, so the query tool reads earlier results."""',
    '',
    '    def __init__(self):',
    '        self.episode = uuid.uuid4().hex',
    '        self.sample_id = None',
    '',
    '    def reset(self, **row):',
    '        self.episode = uuid.uuid4().hex',
    '        self.sample_id = row.get("sample_id")',
    '        return None',
    '',
    ...tools.flatMap((t) => [toolFunction(t, pyName(t), '    ', true), '']),
  ].join('\n');
}

/** kopa_rewards.py: reward functions for GRPOTrainer that return the service's rewards. */
export function rewardsModule(preset: string): string {
  return `"""Rewards of KOPA Studio for GRPOTrainer, computed by \`kopa serve-env\` against each row's reference.

Generated by \`kopa train export\`. Standard library only. Each function returns one float per completion, or None
where the service could not score it (TRL then leaves the completion out of its group's baseline).
"""

${CLIENT}

PRESET = ${pyString(preset)}


def rewards(completions, sample_id, preset=PRESET):
    """The service's rewards and components for completions (message lists) of the rows sample_id names."""
    items = [{"sample_id": int(s), "completion": c} for c, s in zip(completions, sample_id)]
    return _post("/v1/reward", {"preset": preset, "items": items})


def kopa_reward(completions, sample_id, **kwargs):
    return rewards(completions, sample_id)["rewards"]


def outcome_reward(completions, sample_id, **kwargs):
    return rewards(completions, sample_id, preset="outcome")["rewards"]
`;
}

/** verl: compute_score for custom_reward_function, a BaseTool that forwards to the service, and the tool YAML. */
export function verlModules(tools: FunctionSchema[]): { reward: string; tool: string; yaml: string } {
  const reward = `"""compute_score for verl's custom_reward_function, computed by \`kopa serve-env\`.

Generated by \`kopa train export --trainer verl\`. Standard library only.
"""

${CLIENT}


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """verl passes the decoded response; the service scores the messages kept in extra_info when verl has them."""
    info = extra_info or {}
    messages = info.get("messages") or [{"role": "assistant", "content": solution_str}]
    sample_id = json.loads(ground_truth)["sample_id"]
    result = _post("/v1/reward", {"items": [{"sample_id": sample_id, "completion": messages}]})
    value = result["rewards"][0]
    return 0.0 if value is None else float(value)
`;
  const tool = `"""A verl BaseTool that runs every KOPA tool through \`kopa serve-env\` (one instance per tool in tool_config.yaml).

Generated by \`kopa train export --trainer verl\`. Needs verl on the training machine.
"""

import uuid

from verl.tools.base_tool import BaseTool
from verl.tools.schemas import OpenAIFunctionToolSchema, ToolResponse

from kopa_tools import call_tool


class KopaTool(BaseTool):
    def __init__(self, config, tool_schema: OpenAIFunctionToolSchema):
        super().__init__(config, tool_schema)
        self._episodes = {}

    async def create(self, instance_id=None, **kwargs):
        instance_id = instance_id or uuid.uuid4().hex
        self._episodes[instance_id] = (kwargs.get("episode", instance_id), kwargs.get("sample_id"))
        return instance_id, ToolResponse()

    async def execute(self, instance_id, parameters, **kwargs):
        episode, sample_id = self._episodes.get(instance_id, (instance_id, None))
        text = call_tool(self.name, parameters, episode, sample_id)
        return ToolResponse(text=text), 0.0, {}

    async def calc_reward(self, instance_id, **kwargs):
        return 0.0

    async def release(self, instance_id, **kwargs):
        self._episodes.pop(instance_id, None)
`;
  const yaml = [
    '# verl tool config: every KOPA tool, each executed by kopa serve-env (generated by kopa train export).',
    'tools:',
    ...tools.flatMap((t) => ['  - class_name: kopa_verl_tool.KopaTool', '    config:', '      type: native', '    tool_schema: ' + JSON.stringify(t)]),
    '',
  ].join('\n');
  return { reward, tool, yaml };
}

export interface TrainScriptOptions {
  trainer: 'trl';
  /** Trajectory steps of the longest plan: tool-calling iterations are bounded at that plus two. */
  maxSteps: number;
}

/** train_grpo.py: GRPO with TRL and LoRA, with the defaults the kit's README (kitReadme.ts) explains. */
export function trainScript(options: TrainScriptOptions): string {
  return `"""GRPO fine-tuning on a KOPA Studio dataset with TRL (>= 0.29 for environment_factory), LoRA by default.

Generated by \`kopa train export\`. Start \`kopa serve-env --dataset DATASET\` first and set KOPA_ENV_URL and
KOPA_ENV_TOKEN. One GPU: python train_grpo.py --model Qwen/Qwen2.5-7B-Instruct. Several: accelerate launch
--config_file zero3.yaml train_grpo.py ... (see README.md).
"""

import argparse
import json

from datasets import load_dataset
from peft import LoraConfig
from trl import GRPOConfig, GRPOTrainer

from kopa_rewards import kopa_reward
from kopa_tools import KopaEnvironment


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True)
    parser.add_argument("--data", default="train.jsonl")
    parser.add_argument("--out", default="kopa-grpo")
    parser.add_argument("--learning-rate", type=float, default=1e-5)  # 1e-6 for full weights
    parser.add_argument("--num-generations", type=int, default=8)
    parser.add_argument("--beta", type=float, default=0.0)
    parser.add_argument("--max-completion-length", type=int, default=2048)
    parser.add_argument("--lora-rank", type=int, default=16)
    parser.add_argument("--lora-alpha", type=int, default=32)
    args = parser.parse_args()

    dataset = load_dataset("json", data_files=args.data, split="train")
    config = GRPOConfig(
        output_dir=args.out,
        learning_rate=args.learning_rate,
        num_generations=args.num_generations,
        beta=args.beta,
        max_completion_length=args.max_completion_length,
        max_tool_calling_iterations=${options.maxSteps + 2},
        mask_truncated_completions=True,
        scale_rewards="group",
        logging_steps=1,
    )
    trainer = GRPOTrainer(
        model=args.model,
        args=config,
        train_dataset=dataset,
        reward_funcs=[kopa_reward],
        environment_factory=KopaEnvironment,
        peft_config=LoraConfig(r=args.lora_rank, lora_alpha=args.lora_alpha, target_modules="all-linear", task_type="CAUSAL_LM"),
    )
    trainer.train()
    trainer.save_model(args.out)
    print(json.dumps({"saved": args.out}))


if __name__ == "__main__":
    main()
`;
}

/** to_parquet.py: verl reads parquet; the kit writes JSONL and converts on the training machine (pandas + pyarrow). */
export const TO_PARQUET = `"""Converts the kit's verl rows (JSONL) to parquet, as verl reads them. Needs pandas and pyarrow."""

import sys

import pandas as pd

source = sys.argv[1] if len(sys.argv) > 1 else "train.verl.jsonl"
pd.read_json(source, lines=True).to_parquet(source.rsplit(".", 1)[0] + ".parquet")
`;
