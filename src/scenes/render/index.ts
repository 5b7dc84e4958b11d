/** The SVG renderer: a scene's frames drawn as SVG, in the wide and the narrow layout. The one entry the site uses. */
export { SCENE_COLORS, SCENE_FONT, STAGE_WIDTH, escapeXml, renderFrame, renderFrames, renderStages } from './render-svg.ts'
export type { SceneStages, SceneTimeline, TimelineLanes, LeaseBar, TimelineMark } from './render-svg.ts'
export { drawTimeline, timelineLanes, timelineText } from './render-svg.ts'
export { fitLines } from './svg-text.ts'
