import { z } from "zod";
import { targetSchema } from "../designer/target.js";
import { shapeOf } from "../core/setting.js";
import { curriculumSettingTable, rigSettingsSchema } from "../rigger/rig-settings.js";

const { taskConcurrency: _taskConcurrency, ...runDefiningCurriculumSettings } = shapeOf(curriculumSettingTable);

/**
 * A curriculum run's configuration, written to `runs/<id>/run.json` when the run starts;
 * `--resume` reads it back so a resumed run is the same run. The stored form of the settings
 * (see `rigSettingTable`): the three target settings as one `target`, and the run's id. How
 * many tasks run at once is not stored (it never changes what a task computes; a resumed run
 * may choose anew), nor where new runs are made (the run is where it is).
 */
export const curriculumConfigSchema = rigSettingsSchema
  .omit({ band: true, bandSteps: true, weakness: true, runsDir: true })
  .extend(runDefiningCurriculumSettings)
  .extend({
    runId: z.string(),
    target: targetSchema,
    /** Where accepted candidates are stored (an absolute path). */
    candidatesDir: z.string(),
  });

export type CurriculumConfig = z.infer<typeof curriculumConfigSchema>;
export type CurriculumConfigInput = z.input<typeof curriculumConfigSchema>;
