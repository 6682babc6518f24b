/** Part of the services' message catalogue (server-messages.sw.ts, which says how it is kept): health monitoring (vipimo: shinikizo la damu, sukari, uzito; issue 39). */
export const VITALS_MESSAGES_SW: Readonly<Record<string, string>> = {
  'Please check the value: {label} must be from {min} to {max} {unit}': 'Tafadhali kagua kipimo: {label} lazima iwe kuanzia {min} hadi {max} {unit}',
  'Please check the value: Diastolic must be below systolic': 'Tafadhali kagua kipimo: shinikizo la chini (diastolic) lazima liwe chini ya la juu (systolic)',
  'Please check the value: {label} is missing': 'Tafadhali kagua kipimo: {label} hakipo',
  'kind must be one of blood_pressure, glucose, weight, height, hba1c': 'kind lazima iwe mojawapo ya blood_pressure, glucose, weight, height, hba1c',
  'context must be one of fasting, random, after_meal': 'context lazima iwe mojawapo ya fasting, random, after_meal',
  'unit must be mmol/L or mg/dL for glucose': 'unit lazima iwe mmol/L au mg/dL kwa sukari',
  'Reading not found': 'Kipimo hakikupatikana',
  'Alert not found': 'Tahadhari haikupatikana',
  'Patient not found': 'Mgonjwa hakupatikana',
  'Please choose the patient': 'Tafadhali chagua mgonjwa',
  'A reading at the clinic belongs to a Confirmed or Completed visit of yours with this patient':
    'Kipimo cha kliniki ni cha ziara yako na mgonjwa huyu iliyothibitishwa au iliyokamilika',
  'Please check the value: Measured at cannot be in the future': 'Tafadhali kagua kipimo: wakati wa kupima hauwezi kuwa baadaye',
  'Alert acknowledged': 'Tahadhari imepokelewa',
  'Reading marked as entered in error': 'Kipimo kimewekwa alama kuwa kiliingizwa kimakosa',
  '{field} must be a date and time': '{field} lazima iwe tarehe na saa',
  'note must be a string': 'note lazima iwe maandishi',
  'note must be shorter than or equal to 1000 characters': 'note lazima iwe na herufi 1000 au chache zaidi',
};
