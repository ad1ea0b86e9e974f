export * from './classify-rows.ts';
export * from './company-picker.ts';
export * from './import-employee-list.ts';
export * from './preview-employee-list.ts';
export * from './stored-rows.ts';
export * from './upload-information-mail.ts';
export * from './upload-queue.ts';
