-- Menu entries ask for the same permission as the screen they open (issue 22: the buyer, who approves counts but
-- does not enter them, was offered Count Sheets and got "You are not authorized"). The console's route table
-- (admin-ui/src/routes.tsx) is the reference: Count Plan and Count Sheets are the counter's screens
-- (CycleCountEnter), Min/Max Review the reviewer's (APDReview). The console also hides any entry whose route it
-- does not have or whose permission the user lacks, so a row that drifts again is hidden rather than refused.
update asp.menu_item set required_permissions = array['CycleCountEnter'] where page in ('cycleCountPlan', 'cycleCountSheets');
update asp.menu_item set required_permissions = array['APDReview'] where page = 'minMaxReview';
