/** The SVG renderer: a scene's frames drawn as SVG, in the wide and the narrow layout. The one entry the site uses. */
export { SCENE_COLORS, SCENE_FONT, STAGE_HEIGHT, STAGE_WIDTH, WIDE_MIN_PX, describeFrame, escapeXml, renderFrame, renderFrames, renderStages } from './render-svg.ts'
export type { RenderOptions, SceneStages, StageLayout } from './render-svg.ts'
export { fitLines, middleTruncate, textWidth } from './svg-text.ts'
