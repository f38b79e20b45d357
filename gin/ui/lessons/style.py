"""The lessons' style sheet, sent once per lesson in an HTML widget."""

from __future__ import annotations

LESSON_CSS = """
.gin-lesson { max-width: 1100px; font-size: 15px; line-height: 1.45; color: #1d2327; }
.gin-lesson h2.gin-lesson-title { margin: 0.3em 0 0.4em; font-size: 1.6em; }
.gin-lesson-intro p, .gin-lesson-intro li,
.gin-start-prose p, .gin-start-prose li { max-width: 60em; }
.gin-lesson h3 { margin: 0.9em 0 0.3em; font-size: 1.2em; }
.gin-lesson h4 { margin: 0.6em 0 0.2em; font-size: 1.05em; }
.gin-lesson-section { border: 1px solid #d0d7de; border-radius: 10px; padding: 10px 14px;
  margin: 10px 0; background: #fbfcfd; }
.gin-lesson-cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end;
  margin: 4px 0; }
.gin-lesson-card { display: inline-block; line-height: 0; }
.gin-lesson-card svg { width: 62px; height: auto; }
.gin-lesson-card.gin-large svg { width: 92px; }
.gin-lesson-card.gin-small svg { width: 44px; }
.gin-lesson-card.gin-mark { outline: 3px solid #e0a100; outline-offset: 2px; border-radius: 6px; }
.gin-lesson-card.gin-dim { opacity: 0.35; }
.gin-textcard { display: inline-block; min-width: 46px; padding: 14px 6px;
  border: 1px solid #8c959f; border-radius: 7px; background: #fff; text-align: center;
  font: bold 20px/1 sans-serif; color: #1d2327; box-shadow: 0 1px 2px rgba(0,0,0,.15); }
.gin-textcard.gin-red { color: #b42318; }
.gin-textcard.gin-blue { color: #1f4fb4; }
.gin-textcard.gin-green { color: #17703a; }
.gin-lesson-groups { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.gin-lesson-group { display: inline-block; vertical-align: top; border: 2px solid #2e7d32;
  border-radius: 10px; padding: 4px 6px 2px; background: #f1f8f2; }
.gin-lesson-group.gin-deadwood { border: 2px dashed #b54708; background: #fff6ed; }
.gin-lesson-group.gin-plain { border: 1px solid #d0d7de; background: #fff; }
.gin-lesson-group .gin-caption { font-size: 13px; color: #444; margin: 0 2px 2px; }
.gin-lesson-steps { margin: 6px 0 4px 1.2em; padding: 0; }
.gin-lesson-steps li { margin: 2px 0; }
.gin-lesson-steps li.gin-step-current { font-weight: 600; background: #fff3c4;
  border-radius: 4px; }
.gin-lesson-steps li.gin-step-later { color: #8c959f; }
.gin-answer-box input { font-size: 15px; height: 32px; box-sizing: border-box; max-width: 100%;
  padding: 4px 8px; border: 1px solid #8c959f; border-radius: 4px; background: #fff;
  color: #1d2327; }
.gin-answer-box input:focus { outline: 2px solid #1f4fb4; outline-offset: 1px; }
.gin-feedback { min-height: 1.5em; }
.gin-feedback [role=status] { padding: 8px 12px; border-radius: 6px; margin-top: 6px; }
.gin-feedback-right [role=status] { background: #e7f6ec; border-left: 5px solid #2e7d32; }
.gin-feedback-wrong [role=status] { background: #fdecea; border-left: 5px solid #c62828; }
.gin-feedback-invalid [role=status] { background: #fff6e0; border-left: 5px solid #b54708; }
.gin-message [role=status] { padding: 8px 12px; border-radius: 6px; background: #fff6e0;
  border-left: 5px solid #b54708; margin: 6px 0; }
.gin-exercise { border: 1px solid #c5cdd6; border-radius: 10px; padding: 8px 14px 12px;
  margin: 12px 0; background: #fff; }
.gin-exercise .gin-tally { color: #57606a; margin-left: 10px; }
.gin-lesson table.gin-table { border-collapse: collapse; margin: 6px 0; }
.gin-lesson table.gin-table th, .gin-lesson table.gin-table td { border: 1px solid #d0d7de;
  padding: 4px 10px; text-align: left; vertical-align: top; }
.gin-lesson table.gin-table th { background: #f3f5f7; }
.gin-lesson table.gin-table td.gin-num { text-align: right; font-variant-numeric: tabular-nums; }
.gin-badge { display: inline-block; padding: 2px 8px; border-radius: 10px; background: #eef2ff;
  border: 1px solid #9aa9e8; font-size: 13px; margin-right: 6px; }
.gin-badge.gin-doubled { background: #fde9e7; border-color: #e09a91; }
/* Jupyter's green and teal buttons are too light for white text (WCAG AA 4.5:1). */
.gin-lesson .jupyter-button.mod-success { background-color: #2e7d32; }
.gin-lesson .jupyter-button.mod-info { background-color: #00697a; }
.gin-lesson-nav { margin: 18px 0 6px; padding-top: 8px; border-top: 1px solid #d0d7de; }
.gin-lesson-map { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 8px;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); }
.gin-lesson-map li { border: 1px solid #c5cdd6; border-radius: 10px; background: #fff;
  padding: 0; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.gin-lesson-map li a.gin-card-title { display: block; padding: 8px 12px 2px; font-weight: 700;
  color: #1f3a93; text-decoration: none; font-size: 16px; }
.gin-lesson-map li a.gin-card-title::after { content: " →"; }
.gin-lesson-map li:hover, .gin-lesson-map li:focus-within { border-color: #1f3a93; }
.gin-lesson-map .gin-lesson-summary { display: block; padding: 0 12px 8px; color: #444;
  font-size: 13px; }
.gin-primary-action { display: inline-block; padding: 12px 22px; border-radius: 10px;
  background: #2e7d32; color: #fff !important; font-weight: 700; font-size: 18px;
  text-decoration: none; box-shadow: 0 2px 4px rgba(0,0,0,.2); }
.gin-primary-action:hover { background: #25692a; }
.gin-primary-action:focus-visible, .gin-card-link:focus-visible,
.gin-lesson-map a:focus-visible { outline: 3px solid #e0a100; outline-offset: 2px; }
.gin-card-link { display: inline-block; padding: 6px 12px; margin: 2px 4px 2px 0;
  border: 1px solid #9aa9e8; border-radius: 8px; background: #eef2ff; color: #1f3a93 !important;
  font-weight: 600; text-decoration: none; }
.gin-card-link:hover { border-color: #1f3a93; }
.gin-icon { vertical-align: -3px; }
.gin-new-tab { font-weight: 400; font-size: 13px; }
.gin-level-map li a { display: inline-block; padding: 2px 10px; border: 1px solid #9aa9e8;
  border-radius: 6px; background: #f5f7ff; color: #1f3a93; text-decoration: none; }
.gin-level-map li a:hover { border-color: #1f3a93; }
.gin-playnow { display: inline-block; padding: 8px 16px; border-radius: 8px;
  background: #2e7d32; color: #fff !important; font-weight: 600; text-decoration: none; }
.gin-chart svg { max-width: 100%; height: auto; }
.gin-muted { color: #57606a; font-size: 13px; }
.gin-projector { font-size: 22px; }
.gin-projector .gin-lesson-card svg { width: 130px; }
.gin-projector .gin-step-next button, .gin-projector .gin-step-next { font-size: 24px;
  min-height: 48px; }
.gin-guide [role=status] { padding: 10px 14px; border-radius: 8px; background: #fff3c4;
  border-left: 6px solid #e0a100; font-size: 17px; margin: 6px 0; }
/* The guided deal's instruction stays in view: sticky over the table, inside every box
   that would clip it (Voila's output area scrolls, so each box on the way lets it out). */
.jp-OutputArea:has(.gin-guide), .jp-OutputArea-child:has(.gin-guide),
.jp-OutputArea-output:has(.gin-guide), .gin-lesson:has(.gin-guide) {
  overflow: visible !important; }
.gin-lesson .gin-guide { position: sticky; top: 0; z-index: 20; }
.gin-lesson:has(.gin-guide) .gin-table { scroll-margin-top: 90px; }
.gin-guide [role=status] { box-shadow: 0 2px 6px rgba(0,0,0,.25); }
@media (max-width: 600px) { .gin-guide [role=status] { font-size: 15px; padding: 6px 10px; }
  .gin-lesson:has(.gin-guide) .gin-table { scroll-margin-top: 110px; } }
.gin-guide-target, .gin-lesson-card.gin-guide-target, .gin-card.gin-guide-target {
  outline: 4px solid #e0a100 !important; outline-offset: 3px;
  animation: gin-guide-pulse 1.2s ease-in-out infinite; }
@keyframes gin-guide-pulse { 50% { outline-color: #ffd75e; } }
@media (prefers-reduced-motion: reduce) { .gin-guide-target { animation: none; } }
.gin-level-map li { margin: 3px 0; }
.gin-level-map li[data-state=mastered] .gin-level-state { color: #2e7d32; font-weight: 600; }
.gin-level-map li[data-state=started] .gin-level-state { color: #b54708; }
.gin-level-buttons .gin-level-button { margin: 2px; }
.gin-state-mastered { border-bottom: 3px solid #2e7d32 !important; }
.gin-state-started { border-bottom: 3px solid #e0a100 !important; }
.gin-slip { margin: 0 0 4px; }
.gin-hint [class^=gin-hint-step] { padding: 6px 12px; border-radius: 6px; background: #eef2ff;
  border-left: 5px solid #5b6ee1; margin-top: 6px; }
.gin-predict { border-left: 4px solid #9aa9e8; padding-left: 10px; margin: 8px 0; }
.gin-predict-right { background: #e7f6ec; padding: 6px 10px; border-radius: 6px; }
.gin-predict-wrong { background: #fff6e0; padding: 6px 10px; border-radius: 6px; }
.gin-class-join { margin: 8px 0 16px; padding: 8px 12px; border: 1px solid #8c959f;
  border-radius: 6px; max-width: 44em; }
.gin-class-join-row { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-end;
  margin: 8px 0; }
.gin-class-field { display: flex; flex-direction: column; gap: 4px; }
.gin-class-join-status { display: block; margin-top: 6px; }
"""

__all__ = ["LESSON_CSS"]
