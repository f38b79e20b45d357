"""The classroom demo's parts: the teacher's demo desk, the learners' banner and follower
view, the answers' bar chart. The demo's data and checks are
:mod:`gin.ui.classroom.demo`; the store is its only link between kernels."""
